import { useEffect } from 'react';
import { ExportLinks } from '../../components/export-links';
import { PageNav } from '../../components/page-nav';
import { QueryState } from '../../components/query-state';
import { formatCount } from '../../lib/format';
import { useCompanyLedger } from './api/use-company-ledger';
import { LEDGER_PAGE_SIZES, ledgerRequest, useLedgerAddress } from './ledger-address';
import { ChosenFilters, LedgerFilters, SORT_LABELS } from './ledger-filters';
import { LedgerTable } from './ledger-table';

/**
 * The company ledger: filters, sort and page in the address (ledger-address.ts), one page of
 * transactions as the server sorted it, and the pages; Export CSV / Excel of the ledger up to the
 * range's end (`today`, the company's, without one).
 */
export function LedgerScreen({ today }: { today: string }) {
  const [view, update] = useLedgerAddress();
  const query = useCompanyLedger(ledgerRequest(view));

  // Past the last page the server answers the last one: the address says which page is shown.
  const shownPage = query.isPlaceholderData ? undefined : query.data?.page;
  useEffect(() => {
    if (shownPage === undefined || shownPage === view.page) return;
    update({ page: shownPage > 1 ? String(shownPage) : null });
  }, [shownPage, view.page]);

  return (
    <>
      <LedgerFilters view={view} go={update} />
      <div className="d-flex justify-content-end mb-2">
        <ExportLinks
          report="company-ledger"
          asOf={view.to && view.to <= today ? view.to : today}
          what="the company ledger"
        />
      </div>
      <QueryState query={query} what="the company ledger">
        {(data) => {
          const first = data.total === 0 ? 0 : (data.page - 1) * data.pageSize + 1;
          const last = Math.min(data.total, data.page * data.pageSize);
          const [sample] = data.rows;
          return (
            <>
              <ChosenFilters
                view={view}
                holderName={view.holderId ? sample?.holderName : undefined}
                certificate={view.certificateId ? sample?.certificate : undefined}
                go={update}
              />
              <p className="small text-body-secondary" aria-live="polite">
                {data.total === 0
                  ? 'No transactions'
                  : `${formatCount(first)}–${formatCount(last)} of ${formatCount(data.total)} transactions`}
                {query.isFetching && ' · updating…'}
              </p>
              {data.total === 0 ? (
                <div className="border rounded p-4 text-center text-body-secondary">
                  No transactions match these filters.
                </div>
              ) : (
                <LedgerTable
                  rows={data.rows}
                  busy={query.isFetching}
                  filter={update}
                  caption={`Share transactions, sorted by ${SORT_LABELS[view.sort]} ${
                    view.dir === 'asc' ? 'ascending' : 'descending'
                  }`}
                />
              )}
              <PageNav
                label="Ledger pages"
                sizes={LEDGER_PAGE_SIZES}
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
