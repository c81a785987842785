import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import { PageNav } from '../../components/page-nav';
import { QueryState } from '../../components/query-state';
import { formatCount } from '../../lib/format';
import { useCertificateRegister } from './api/use-certificate-register';
import { REGISTER_PAGE_SIZES, useRegisterAddress } from './register-address';
import { RegisterFilters } from './register-filters';
import { RegisterTable } from './register-table';

/**
 * The certificate register: filters, the table and its pages, all in the address
 * (?holder=&class=&status=&sort=&dir=&page=&size=), so Back from a certificate returns here.
 */
export function RegisterScreen() {
  const [view, update] = useRegisterAddress();
  const query = useCertificateRegister({
    holderId: view.holder,
    class: view.class,
    status: view.status,
    sort: view.sort,
    dir: view.dir,
    page: view.page,
    pageSize: view.size,
  });
  // Past the last page the server answers the last one: the address says which page is shown.
  const shownPage = query.isPlaceholderData ? undefined : query.data?.page;
  useEffect(() => {
    if (shownPage === undefined || shownPage === view.page) return;
    update({ page: shownPage > 1 ? String(shownPage) : null });
  }, [shownPage, view.page]);
  const filtered = Boolean(view.holder || view.class || view.status);
  return (
    <>
      <RegisterFilters
        view={view}
        holderName={query.data?.rows.find((r) => r.holderId === view.holder)?.holderName}
        go={update}
      />
      <QueryState query={query} what="the certificate register">
        {(data) => {
          const first = data.total === 0 ? 0 : (data.page - 1) * data.pageSize + 1;
          const last = Math.min(data.total, data.page * data.pageSize);
          return (
            <>
              <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
                <p className="small text-body-secondary mb-0" aria-live="polite">
                  {data.total === 0
                    ? filtered
                      ? 'No certificates match these filters'
                      : 'No certificates yet'
                    : `${formatCount(first)}–${formatCount(last)} of ${formatCount(data.total)} certificates`}
                  {query.isFetching && ' · updating…'}
                </p>
                {filtered && (
                  <Button
                    variant="link"
                    size="sm"
                    className="ms-auto no-print"
                    onClick={() => update({ holder: null, class: null, status: null, page: null })}
                  >
                    Clear filters
                  </Button>
                )}
              </div>
              <RegisterTable
                rows={data.rows}
                sort={view.sort}
                dir={view.dir}
                busy={query.isFetching}
                onSort={(sort, dir) => update({ sort, dir, page: null })}
              />
              <PageNav
                label="Register pages"
                sizes={REGISTER_PAGE_SIZES}
                page={data.page}
                pages={Math.max(1, Math.ceil(data.total / data.pageSize))}
                pageSize={view.size}
                go={update}
              />
            </>
          );
        }}
      </QueryState>
    </>
  );
}
