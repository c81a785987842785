import { useEffect, useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { QueryState } from '../../components/query-state';
import { formatCount } from '../../lib/format';
import { useCertificateRegister } from './api/use-certificate-register';
import { REGISTER_PAGE_SIZES, useRegisterAddress } from './register-address';
import { RegisterFilters } from './register-filters';
import { RegisterTable } from './register-table';

type Go = (changes: Record<string, string | null>) => void;

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
              <RegisterPages
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

/** Previous, Next, the page shown and the rows per page. */
function RegisterPages(props: { page: number; pages: number; pageSize: number; go: Go }) {
  const { page, pages, go } = props;
  const sizeId = useId();
  return (
    <nav
      aria-label="Register pages"
      className="d-flex flex-wrap align-items-center gap-2 mt-3 no-print"
    >
      <Button
        variant="outline-secondary"
        disabled={page <= 1}
        onClick={() => go({ page: page > 2 ? String(page - 1) : null })}
      >
        Previous
      </Button>
      <span className="small">
        Page {formatCount(page)} of {formatCount(pages)}
      </span>
      <Button
        variant="outline-secondary"
        disabled={page >= pages}
        onClick={() => go({ page: String(page + 1) })}
      >
        Next
      </Button>
      <Form.Group controlId={sizeId} className="ms-auto d-flex align-items-center gap-2">
        <Form.Label className="small mb-0 text-nowrap">Rows per page</Form.Label>
        <Form.Select
          size="sm"
          value={props.pageSize}
          onChange={(e) =>
            go({
              size: e.target.value === String(REGISTER_PAGE_SIZES[0]) ? null : e.target.value,
              page: null,
            })
          }
        >
          {REGISTER_PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </nav>
  );
}
