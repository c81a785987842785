import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import type { CertificateSortKey, RegisterRow } from '../../../contract/certificates';
import { formatDate, formatShares } from '../../lib/format';
import { CertificateStatusBadge, classLabel } from './certificate-status-badge';
import { certificatePath, statementPath } from '../../lib/paths';

interface Column {
  label: string;
  sort?: CertificateSortKey;
  numeric?: boolean;
  cell: (row: RegisterRow) => ReactNode;
}

const COLUMNS: readonly Column[] = [
  {
    label: 'Certificate',
    sort: 'number',
    cell: (r) => <Link to={certificatePath(r.id)}>{r.certificate}</Link>,
  },
  {
    label: 'Holder',
    sort: 'holder',
    cell: (r) => <Link to={statementPath(r.holderId)}>{r.holderName}</Link>,
  },
  { label: 'Class', cell: (r) => classLabel(r.classType) },
  { label: 'Issue date', sort: 'issueDate', cell: (r) => formatDate(r.issueDate) },
  {
    label: 'Origin',
    cell: (r) =>
      r.origin ? (
        <Link to={certificatePath(r.origin.id)} aria-label={`Origin ${r.origin.certificate}`}>
          {r.origin.certificate}
        </Link>
      ) : (
        'New issue'
      ),
  },
  {
    label: 'Original shares',
    sort: 'originalShares',
    numeric: true,
    cell: (r) => formatShares(r.originalShares),
  },
  { label: 'Balance', sort: 'balance', numeric: true, cell: (r) => formatShares(r.balance) },
  { label: 'Status', cell: (r) => <CertificateStatusBadge status={r.status} /> },
];

/**
 * One page of the register, sorted by the server: a sortable column's header is a button that
 * asks for that sort (again: the other way). Below 768 px each row is a card with every value
 * labelled (stacked-table, styles.css): the header row is hidden and PhoneSort takes its place.
 */
export function RegisterTable(props: {
  rows: RegisterRow[];
  sort: CertificateSortKey;
  dir: 'asc' | 'desc';
  busy: boolean;
  onSort: (sort: CertificateSortKey, dir: 'asc' | 'desc') => void;
}) {
  const { rows, sort, dir } = props;
  const sortedBy = COLUMNS.find((c) => c.sort === sort)?.label ?? 'Certificate';
  return (
    <>
      <PhoneSort sort={sort} dir={dir} onSort={props.onSort} />
      <div
        className="table-responsive"
        tabIndex={0}
        role="region"
        aria-label="Certificates table"
        aria-busy={props.busy}
      >
        <Table hover className="align-middle mb-0 stacked-table">
          <caption className="visually-hidden">
            Certificates, sorted by {sortedBy} {dir === 'asc' ? 'ascending' : 'descending'}
          </caption>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <SortHeader key={c.label} column={c} sort={sort} dir={dir} onSort={props.onSort} />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {COLUMNS.map((c, i) =>
                  i === 0 ? (
                    <th key={c.label} scope="row" data-label={c.label} className="fw-normal">
                      {c.cell(row)}
                    </th>
                  ) : (
                    <td
                      key={c.label}
                      data-label={c.label}
                      className={c.numeric ? 'text-end text-nowrap' : undefined}
                    >
                      {c.cell(row)}
                    </td>
                  ),
                )}
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={COLUMNS.length} className="text-center text-body-secondary py-4">
                  No certificates match these filters.
                </td>
              </tr>
            )}
          </tbody>
        </Table>
      </div>
    </>
  );
}

/** Below 768 px, where the header row is hidden: the sort as two selects. */
function PhoneSort(props: {
  sort: CertificateSortKey;
  dir: 'asc' | 'desc';
  onSort: (sort: CertificateSortKey, dir: 'asc' | 'desc') => void;
}) {
  const sortId = useId();
  const dirId = useId();
  const sortable = COLUMNS.filter((c) => c.sort !== undefined);
  return (
    <div className="row g-2 mb-2 d-md-none no-print">
      <Form.Group as={Col} xs={7} controlId={sortId}>
        <Form.Label className="small mb-1">Sort by</Form.Label>
        <Form.Select
          size="sm"
          value={props.sort}
          onChange={(e) => props.onSort(e.target.value as CertificateSortKey, props.dir)}
        >
          {sortable.map((c) => (
            <option key={c.sort} value={c.sort}>
              {c.label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group as={Col} xs={5} controlId={dirId}>
        <Form.Label className="small mb-1">Order</Form.Label>
        <Form.Select
          size="sm"
          value={props.dir}
          onChange={(e) => props.onSort(props.sort, e.target.value === 'desc' ? 'desc' : 'asc')}
        >
          <option value="asc">Ascending</option>
          <option value="desc">Descending</option>
        </Form.Select>
      </Form.Group>
    </div>
  );
}

function SortHeader(props: {
  column: Column;
  sort: CertificateSortKey;
  dir: 'asc' | 'desc';
  onSort: (sort: CertificateSortKey, dir: 'asc' | 'desc') => void;
}) {
  const { column } = props;
  const active = column.sort !== undefined && column.sort === props.sort;
  const state = active ? props.dir : undefined;
  return (
    <th
      scope="col"
      className={column.numeric ? 'text-end' : undefined}
      aria-sort={state === 'asc' ? 'ascending' : state === 'desc' ? 'descending' : undefined}
    >
      {column.sort === undefined ? (
        column.label
      ) : (
        <button
          type="button"
          className="sort-button"
          onClick={() => props.onSort(column.sort!, active && props.dir === 'asc' ? 'desc' : 'asc')}
        >
          {column.label}
          <span aria-hidden="true" className="sort-icon">
            {state === 'asc' ? '▲' : state === 'desc' ? '▼' : '↕'}
          </span>
        </button>
      )}
    </th>
  );
}
