import { Link } from 'react-router';
import Table from 'react-bootstrap/Table';
import type { CapTableResponse } from '../../../contract/cap-table';
import { formatCount, formatShares } from '../../lib/format';
import { statementPath } from '../../lib/paths';

const pct = (value: string | null) => (value === null ? 'No limit' : `${value}%`);

/** A number cell: right-aligned, labelled on a phone (the stacked table shows the label). */
function Num({ label, children }: { label: string; children: string }) {
  return (
    <td className="text-end font-monospace-nums" data-label={label}>
      {children}
    </td>
  );
}

/**
 * Each class on the date: authorized (today's limit), issued, outstanding, the percent of
 * authorized and of all shares, and its holders. The accessible source of the class charts.
 */
export function ClassSummaryTable({ data }: { data: CapTableResponse }) {
  return (
    <Table className="stacked-table cap-table-table align-middle" aria-labelledby="classes-title">
      <thead>
        <tr>
          <th scope="col">Class</th>
          <th scope="col" className="text-end">
            Authorized
          </th>
          <th scope="col" className="text-end">
            Issued
          </th>
          <th scope="col" className="text-end">
            Outstanding
          </th>
          <th scope="col" className="text-end">
            % of authorized
          </th>
          <th scope="col" className="text-end">
            % of all shares
          </th>
          <th scope="col" className="text-end">
            Holders
          </th>
        </tr>
      </thead>
      <tbody>
        {data.classes.map((c) => (
          <tr key={c.id}>
            <th scope="row">{c.name}</th>
            <Num label="Authorized">
              {c.authorized === null ? 'No limit' : formatShares(c.authorized)}
            </Num>
            <Num label="Issued">{formatShares(c.issued)}</Num>
            <Num label="Outstanding">{formatShares(c.outstanding)}</Num>
            <Num label="% of authorized">{pct(c.percentOfAuthorized)}</Num>
            <Num label="% of all shares">{pct(c.percentOfOutstanding)}</Num>
            <Num label="Holders">{formatCount(c.holders)}</Num>
          </tr>
        ))}
        <tr className="fw-semibold">
          <th scope="row">All classes</th>
          <td className="d-none d-md-table-cell" />
          <Num label="Issued">{formatShares(data.totals.outstanding)}</Num>
          <Num label="Outstanding">{formatShares(data.totals.outstanding)}</Num>
          <td className="d-none d-md-table-cell" />
          <Num label="% of all shares">{data.totals.holders > 0 ? '100.0000%' : '0.0000%'}</Num>
          <Num label="Holders">{formatCount(data.totals.holders)}</Num>
        </tr>
      </tbody>
    </Table>
  );
}

/**
 * The holders with the most shares and all others together: shares of each class and the
 * percent of all shares and of each class's. The accessible source of the ownership charts.
 */
export function TopHoldersTable({ data }: { data: CapTableResponse }) {
  const { others } = data;
  return (
    <Table className="stacked-table cap-table-table align-middle" aria-labelledby="holders-title">
      <thead>
        <tr>
          <th scope="col">Holder</th>
          <th scope="col" className="text-end">
            Common
          </th>
          <th scope="col" className="text-end">
            Preferred
          </th>
          <th scope="col" className="text-end">
            Total
          </th>
          <th scope="col" className="text-end">
            Ownership
          </th>
          <th scope="col" className="text-end">
            % of common
          </th>
          <th scope="col" className="text-end">
            % of preferred
          </th>
        </tr>
      </thead>
      <tbody>
        {data.topHolders.map((h) => (
          <tr key={h.id}>
            <th scope="row">
              <Link to={statementPath(h.id)}>{h.name}</Link>
            </th>
            <HoldingCells holding={h} />
          </tr>
        ))}
        {others.holders > 0 && (
          <tr>
            <th scope="row">All others ({formatCount(others.holders)} holders)</th>
            <HoldingCells holding={others} />
          </tr>
        )}
      </tbody>
    </Table>
  );
}

type Holding = Omit<CapTableResponse['others'], 'holders'>;

function HoldingCells({ holding: h }: { holding: Holding }) {
  return (
    <>
      <Num label="Common">{formatShares(h.common)}</Num>
      <Num label="Preferred">{formatShares(h.preferred)}</Num>
      <Num label="Total">{formatShares(h.balance)}</Num>
      <Num label="Ownership">{pct(h.ownershipPercent)}</Num>
      <Num label="% of common">{pct(h.commonPercent)}</Num>
      <Num label="% of preferred">{pct(h.preferredPercent)}</Num>
    </>
  );
}
