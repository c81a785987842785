import {
  createColumnHelper,
  flexRender,
  getCoreRowModel,
  useReactTable,
  type Cell,
  type Header,
  type SortingState,
} from '@tanstack/react-table';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import Table from 'react-bootstrap/Table';
import type { DirectoryRow } from '../../../contract/ledger';
import { directorySortKeys } from '../../../contract/constants/ledger';
import { formatCost, formatShares } from '../../lib/format';
import { statementPath } from '../../lib/paths';

export type DirectorySortKey = (typeof directorySortKeys)[number];

const column = createColumnHelper<DirectoryRow>();

/** The row's amounts: their columns are right-aligned. */
const AMOUNTS = ['common', 'preferred', 'balance', 'costPerShare'] as const;
const NUMERIC = new Set<string>([...AMOUNTS, 'ownershipPercent']);

/** The column of one of the row's amounts, shown through `format`. */
const amountColumn = (
  id: (typeof AMOUNTS)[number],
  header: string,
  format: (amount: string) => string,
) => column.accessor(id, { id, header, cell: (c) => format(c.getValue()) });

const columns = [
  column.accessor('name', { id: 'name', header: 'Shareholder', cell: (c) => c.getValue() }),
  amountColumn('common', 'Common Shares', formatShares),
  amountColumn('preferred', 'Preferred Shares', formatShares),
  amountColumn('balance', 'Balance', formatShares),
  amountColumn('costPerShare', 'Cost Per Share', formatCost),
  // The share of all shares outstanding; it sorts as Balance does, so it has no sort of its own.
  column.accessor('ownershipPercent', {
    id: 'ownershipPercent',
    header: 'Ownership',
    enableSorting: false,
    cell: (c) => `${c.getValue()}%`,
  }),
  column.display({
    id: 'actions',
    header: 'Actions',
    cell: (c) => (
      <div className="d-flex align-items-center gap-2">
        <Link
          to={statementPath(c.row.original.id)}
          className="btn btn-sm btn-outline-primary text-nowrap"
          aria-label={`View Details of ${c.row.original.name}`}
        >
          View Details
        </Link>
        <PortalBadge portal={c.row.original.portal} />
      </div>
    ),
  }),
];

/** Whether the holder was invited to the portal, or signed up there. */
function PortalBadge({ portal }: { portal: DirectoryRow['portal'] }) {
  if (portal === 'none') return null;
  return (
    <span className="badge text-bg-light border fw-normal text-nowrap">
      {portal === 'active' ? 'Signed up' : 'Invited'}
    </span>
  );
}

/** The table of one page of rows, sorted as the server sorted them; a new sort goes to `onSort`. */
function useSortedTable(
  rows: DirectoryRow[],
  sort: DirectorySortKey,
  dir: 'asc' | 'desc',
  onSort: (sort: DirectorySortKey, dir: 'asc' | 'desc') => void,
) {
  const sorting: SortingState = [{ id: sort, desc: dir === 'desc' }];
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting },
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    getRowId: (row) => row.id,
    getCoreRowModel: getCoreRowModel(),
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first) onSort(first.id as DirectorySortKey, first.desc ? 'desc' : 'asc');
    },
  });
  return table;
}

/**
 * The directory page as the server sorted and paged it (manual sorting: the server sorts all
 * holders, not just this page). Clicking a row opens the holder's statement; the View Details
 * link does the same from the keyboard.
 */
export function DirectoryTable({
  rows,
  sort,
  dir,
  onSort,
  busy = false,
}: {
  rows: DirectoryRow[];
  /** A new sort, search or page is loading; the current rows stay until it arrives. */
  busy?: boolean;
  sort: DirectorySortKey;
  dir: 'asc' | 'desc';
  onSort: (sort: DirectorySortKey, dir: 'asc' | 'desc') => void;
}) {
  const navigate = useNavigate();
  const table = useSortedTable(rows, sort, dir, onSort);

  const openRow = (id: string) => (event: MouseEvent) => {
    // Let the link, and modified clicks (new tab), behave as links do.
    if ((event.target as HTMLElement).closest('a, button')) return;
    void navigate(statementPath(id));
  };

  return (
    <div
      className="table-responsive directory-table"
      // May scroll sideways, so it must be reachable from the keyboard.
      tabIndex={0}
      role="region"
      aria-label="Shareholders table"
      aria-busy={busy}
    >
      <Table hover className="align-middle mb-0">
        <caption className="visually-hidden">
          Shareholders, sorted by {columns.find((c) => c.id === sort)?.header as string}{' '}
          {dir === 'asc' ? 'ascending' : 'descending'}
        </caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <SortHeader key={header.id} header={header} />
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="clickable-row" onClick={openRow(row.original.id)}>
              {row.getVisibleCells().map((cell) => (
                <RowCell key={cell.id} cell={cell} />
              ))}
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="text-center text-body-secondary py-4">
                No shareholders match.
              </td>
            </tr>
          )}
        </tbody>
      </Table>
    </div>
  );
}

/** A column's header: a button that sorts by it (the server sorts), and which way it sorts now. */
function SortHeader({ header }: { header: Header<DirectoryRow, unknown> }) {
  const sortable = header.column.getCanSort() && header.column.id !== 'actions';
  const state = header.column.getIsSorted();
  const numeric = NUMERIC.has(header.column.id);
  const label = flexRender(header.column.columnDef.header, header.getContext());
  return (
    <th
      scope="col"
      className={numeric ? 'text-end' : undefined}
      aria-sort={state === 'asc' ? 'ascending' : state === 'desc' ? 'descending' : undefined}
    >
      {sortable ? (
        <button
          type="button"
          className="sort-button"
          onClick={header.column.getToggleSortingHandler()}
        >
          {label}
          <span aria-hidden="true" className="sort-icon">
            {state === 'asc' ? '▲' : state === 'desc' ? '▼' : '↕'}
          </span>
        </button>
      ) : (
        label
      )}
    </th>
  );
}

/** One cell of a holder's row: the name heads the row; amounts are right-aligned. */
function RowCell({ cell }: { cell: Cell<DirectoryRow, unknown> }) {
  const numeric = NUMERIC.has(cell.column.id);
  const content = flexRender(cell.column.columnDef.cell, cell.getContext());
  const label = cell.column.columnDef.header as string;
  if (cell.column.id === 'name')
    return (
      <th scope="row" data-label={label} className="fw-normal">
        {content}
      </th>
    );
  return (
    <td data-label={label} className={numeric ? 'text-end text-nowrap' : undefined}>
      {content}
    </td>
  );
}
