import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { directorySortKeys } from '../../../contract/constants/ledger';
import { AsOfDateInput, AsOfNotice } from '../../components/as-of-date-input';
import { QueryState } from '../../components/query-state';
import { SummaryCard } from '../../components/summary-card';
import { useAsOfParam } from '../../lib/as-of-date';
import { formatCount, formatDate, formatShares } from '../../lib/format';
import { useAddressParams } from '../../lib/use-address-params';
import { DirectoryTable, type DirectorySortKey } from './directory-table';
import { useDirectory } from './api/use-directory';

export const PAGE_SIZES = [25, 50, 100, 200] as const;
const SEARCH_DEBOUNCE_MS = 300;

const isSortKey = (v: string | null): v is DirectorySortKey =>
  (directorySortKeys as readonly (string | null)[]).includes(v);

/** Holders listed with no shares on the date: not holders of record, so said apart. */
function withoutSharesText(count: number): string | undefined {
  if (count === 0) return undefined;
  return `${formatCount(count)} more listed with no shares`;
}

/**
 * Summary cards and the holders table. Sort, search, page and as-of date live in the address
 * (?sort=&dir=&q=&page=&asOf=), so Back from a statement returns to the same view.
 */
/** `today`: the company's date (routes/home-page.tsx). */
export function DirectoryScreen({ today }: { today: string }) {
  const [params, update] = useAddressParams();
  const sortParam = params.get('sort');
  const sort: DirectorySortKey = isSortKey(sortParam) ? sortParam : 'name';
  const dir = params.get('dir') === 'desc' ? 'desc' : 'asc';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const search = params.get('q') ?? '';
  const sizeParam = Number(params.get('size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam)
    ? sizeParam
    : PAGE_SIZES[0];
  const asOf = useAsOfParam(today);
  const [searchText, setSearchText] = useState(search);
  const searchId = useId();
  const asOfId = useId();
  const sizeId = useId();

  const { pathname } = useLocation();
  useEffect(() => {
    if (searchText.trim() === search) return;
    const timer = window.setTimeout(() => {
      // Typed, then a click on "View Details" before the delay ran out: the address is already
      // the statement's while this screen is still shown (the next page loads in a transition).
      // The pending search belongs to the page that was left: drop it.
      if (window.location.pathname !== pathname) return;
      update({ q: searchText.trim() || null, page: null });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchText, search, pathname]);

  const query = useDirectory({
    asOf: asOf.param,
    search: search || undefined,
    sort,
    dir,
    page,
    pageSize,
  });

  // Past the last page the server answers the last one: the address says which page is shown.
  const shownPage = query.isPlaceholderData ? undefined : query.data?.page;
  useEffect(() => {
    if (shownPage === undefined || shownPage === page) return;
    update({ page: shownPage > 1 ? String(shownPage) : null });
  }, [shownPage, page]);

  return (
    <>
      <AsOfNotice notice={asOf.notice} />
      <QueryState query={query} what="the shareholder directory">
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
          const first = data.total === 0 ? 0 : (data.page - 1) * data.pageSize + 1;
          const last = Math.min(data.total, data.page * data.pageSize);
          return (
            <>
              <Row xs={1} sm={2} lg={4} className="g-3 mb-4" as="section" aria-label="Totals">
                <Col>
                  <SummaryCard
                    title="Total Shareholders"
                    value={formatCount(data.totals.shareholders)}
                    detail={withoutSharesText(data.totals.withoutShares)}
                  />
                </Col>
                <Col>
                  <SummaryCard title="Total Shares" value={formatShares(data.totals.totalShares)} />
                </Col>
                <Col>
                  <SummaryCard title="Common Shares" value={formatShares(data.totals.common)} />
                </Col>
                <Col>
                  <SummaryCard
                    title="Preferred Shares"
                    value={formatShares(data.totals.preferred)}
                  />
                </Col>
              </Row>

              <Form
                className="row g-3 align-items-end mb-3"
                role="search"
                aria-label="Find shareholders"
                onSubmit={(e) => {
                  e.preventDefault();
                  update({ q: searchText.trim() || null, page: null });
                }}
              >
                <Form.Group as={Col} xs={12} md={6} controlId={searchId}>
                  <Form.Label>Search by name</Form.Label>
                  <Form.Control
                    type="search"
                    value={searchText}
                    placeholder="Shareholder name"
                    autoComplete="off"
                    onChange={(e) => setSearchText(e.target.value)}
                  />
                </Form.Group>
                <Form.Group as={Col} xs={12} sm={6} md={3} controlId={asOfId}>
                  <Form.Label>As of date</Form.Label>
                  <AsOfDateInput
                    value={asOf.asOf}
                    today={today}
                    onChange={(value) => update({ asOf: value, page: null })}
                  />
                </Form.Group>
                <Col xs={12} sm={6} md={3} className="text-sm-end">
                  <p className="small text-body-secondary mb-0" aria-live="polite">
                    {data.total === 0
                      ? 'No shareholders'
                      : `${formatCount(first)}–${formatCount(last)} of ${formatCount(data.total)}`}
                    {query.isFetching && ' · updating…'}
                    <br />
                    as of {formatDate(data.asOf)}
                  </p>
                </Col>
              </Form>

              <DirectoryTable
                rows={data.rows}
                sort={sort}
                dir={dir}
                busy={query.isFetching}
                onSort={(s, d) => update({ sort: s, dir: d, page: null })}
              />

              <nav
                aria-label="Directory pages"
                className="d-flex flex-wrap align-items-center gap-2 mt-3"
              >
                <Button
                  variant="outline-secondary"
                  disabled={data.page <= 1}
                  onClick={() => update({ page: data.page > 2 ? String(data.page - 1) : null })}
                >
                  Previous
                </Button>
                <span className="small">
                  Page {formatCount(data.page)} of {formatCount(pages)}
                </span>
                <Button
                  variant="outline-secondary"
                  disabled={data.page >= pages}
                  onClick={() => update({ page: String(data.page + 1) })}
                >
                  Next
                </Button>
                <Form.Group controlId={sizeId} className="ms-auto d-flex align-items-center gap-2">
                  <Form.Label className="small mb-0 text-nowrap">Rows per page</Form.Label>
                  <Form.Select
                    size="sm"
                    value={pageSize}
                    onChange={(e) =>
                      update({
                        size: e.target.value === String(PAGE_SIZES[0]) ? null : e.target.value,
                        page: null,
                      })
                    }
                  >
                    {PAGE_SIZES.map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </nav>
            </>
          );
        }}
      </QueryState>
    </>
  );
}
