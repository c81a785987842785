import { useEffect, useId } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import type { DirectoryResponse } from '../../../contract/ledger';
import { AsOfDateInput, AsOfNotice } from '../../components/as-of-date-input';
import { QueryState } from '../../components/query-state';
import { useAsOfParam } from '../../lib/as-of-date';
import { formatCount, formatDate } from '../../lib/format';
import { useDirectory } from './api/use-directory';
import { PageNav } from '../../components/page-nav';
import { PAGE_SIZES, useDirectoryAddress } from './directory-address';
import { DirectoryTable } from './directory-table';
import { DirectoryTotals } from './directory-totals';
import { useSearchText } from './use-search-text';

type Go = (changes: Record<string, string | null>) => void;

/**
 * Summary cards and the holders table. Sort, search, page and as-of date live in the address
 * (?sort=&dir=&q=&page=&asOf=), so Back from a statement returns to the same view.
 * `today`: the company's date (routes/home-page.tsx).
 */
export function DirectoryScreen({ today }: { today: string }) {
  const [{ sort, dir, page, q, size }, update] = useDirectoryAddress();
  const search = q ?? '';
  const asOf = useAsOfParam(today);
  const query = useDirectory({
    asOf: asOf.param,
    search: search || undefined,
    sort,
    dir,
    page,
    pageSize: size,
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
        {(data) => (
          <>
            <DirectoryTotals totals={data.totals} />
            <DirectorySearch
              data={data}
              search={search}
              asOf={asOf.asOf}
              today={today}
              updating={query.isFetching}
              go={update}
            />
            <DirectoryTable
              rows={data.rows}
              sort={sort}
              dir={dir}
              busy={query.isFetching}
              onSort={(s, d) => update({ sort: s, dir: d, page: null })}
            />
            <PageNav
              label="Directory pages"
              sizes={PAGE_SIZES}
              page={data.page}
              pages={Math.max(1, Math.ceil(data.total / data.pageSize))}
              pageSize={size}
              go={update}
            />
          </>
        )}
      </QueryState>
    </>
  );
}

/** Search by name and the as-of date, with which rows are shown. */
function DirectorySearch(props: {
  data: DirectoryResponse;
  search: string;
  asOf: string;
  today: string;
  updating: boolean;
  go: Go;
}) {
  const { data, go } = props;
  const [searchText, setSearchText] = useSearchText(props.search, (text) =>
    go({ q: text || null, page: null }),
  );
  const searchId = useId();
  const asOfId = useId();
  const first = data.total === 0 ? 0 : (data.page - 1) * data.pageSize + 1;
  const last = Math.min(data.total, data.page * data.pageSize);
  return (
    <Form
      className="row g-3 align-items-end mb-3"
      role="search"
      aria-label="Find shareholders"
      onSubmit={(e) => {
        e.preventDefault();
        go({ q: searchText.trim() || null, page: null });
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
          value={props.asOf}
          today={props.today}
          onChange={(value) => go({ asOf: value, page: null })}
        />
      </Form.Group>
      <Col xs={12} sm={6} md={3} className="text-sm-end">
        <p className="small text-body-secondary mb-0" aria-live="polite">
          {data.total === 0
            ? 'No shareholders'
            : `${formatCount(first)}–${formatCount(last)} of ${formatCount(data.total)}`}
          {props.updating && ' · updating…'}
          <br />
          as of {formatDate(data.asOf)}
        </p>
      </Col>
    </Form>
  );
}
