import type { ReactNode } from 'react';
import { Link } from 'react-router';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import type { CompanyLedgerRow } from '../../../contract/company-ledger';
import { OperationFacts } from '../../components/operation-facts';
import { TypeBadge } from '../../components/type-badge';
import { formatCost, formatDate, formatShares } from '../../lib/format';
import { certificatePath, statementPath } from '../../lib/paths';

type Filter = (changes: Record<string, string | null>) => void;

/** The holder: a link to their statement, and a button that shows only their transactions. */
function HolderCell({ row, filter }: { row: CompanyLedgerRow; filter: Filter }) {
  return (
    <td data-label="Holder">
      <span className="d-inline-flex flex-wrap align-items-center column-gap-1">
        <Link to={statementPath(row.holderId)}>{row.holderName}</Link>
        <Button
          variant="link"
          size="sm"
          className="py-0 px-1 ledger-filter-button no-print"
          aria-label={`Show only ${row.holderName}'s transactions`}
          onClick={() => filter({ holderId: row.holderId, page: null })}
        >
          only
        </Button>
      </span>
    </td>
  );
}

/** The certificate: a link to its page, and a button that shows only its transactions. */
function CertificateCell({ row, filter }: { row: CompanyLedgerRow; filter: Filter }) {
  return (
    <td data-label="Certificate">
      <div>
        <span className="d-inline-flex flex-wrap align-items-center column-gap-1">
          <Link to={certificatePath(row.certificateId)}>{row.certificate}</Link>{' '}
          <Button
            variant="link"
            size="sm"
            className="py-0 px-1 ledger-filter-button no-print"
            aria-label={`Show only certificate ${row.certificate}`}
            onClick={() => filter({ certificateId: row.certificateId, page: null })}
          >
            only
          </Button>
        </span>
        {row.origin && row.originCertificateId && (
          <div className="small text-body-secondary">
            from <Link to={certificatePath(row.originCertificateId)}>{row.origin}</Link>
          </div>
        )}
      </div>
    </td>
  );
}

/** Who the shares went to or came from, notes and reason; then the operation's facts. */
function DetailsCell({ row }: { row: CompanyLedgerRow }) {
  const op = row.operation;
  const lines: Array<[string, ReactNode]> = [];
  if (row.counterparty && row.counterpartyHolderId)
    lines.push([
      row.issued ? 'From' : 'To',
      <Link to={statementPath(row.counterpartyHolderId)}>{row.counterparty}</Link>,
    ]);
  if (row.notes) lines.push(['Notes', row.notes]);
  if (row.reason) lines.push(['Reason', row.reason]);
  return (
    <td data-label="Details" className="ledger-details">
      {lines.map(([label, value]) => (
        <div key={label}>
          <span className="fw-semibold">{label}:</span> {value}
        </div>
      ))}
      <OperationFacts
        showOperation
        facts={{
          operationId: op.id,
          consideration: op.consideration?.amount ?? null,
          considerationCurrency: op.consideration?.currency ?? null,
          approvalDate: op.approval?.date ?? null,
          approvalReference: op.approval?.reference ?? null,
          reversesOperationId: op.reversesOperationId,
          reversedByOperationId: op.reversedByOperationId,
        }}
      />
    </td>
  );
}

/**
 * One page of the company ledger, in the server's order. Below 768 px each transaction is a card
 * (stacked-table, styles.css) with every value labelled.
 */
export function LedgerTable(props: {
  rows: CompanyLedgerRow[];
  caption: string;
  busy: boolean;
  filter: Filter;
}) {
  return (
    <div
      className="table-responsive ledger-table"
      // May scroll sideways, so it must be reachable from the keyboard.
      tabIndex={0}
      role="region"
      aria-label="Company ledger table"
      aria-busy={props.busy}
    >
      <Table className="align-middle mb-0 stacked-table">
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Type</th>
            <th scope="col">Holder</th>
            <th scope="col">Certificate</th>
            <th scope="col" className="text-end">
              Shares
            </th>
            <th scope="col" className="text-end">
              Cost
            </th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.id}>
              <td data-label="Date" className="text-nowrap">
                {formatDate(row.date)}
              </td>
              <td data-label="Type">
                <TypeBadge label={row.typeLabel} issued={row.issued} />
              </td>
              <HolderCell row={row} filter={props.filter} />
              <CertificateCell row={row} filter={props.filter} />
              <td data-label="Shares" className="text-end text-nowrap">
                {formatShares(row.shares)}
              </td>
              <td data-label="Cost" className="text-end text-nowrap">
                {formatCost(row.cost)}
              </td>
              <DetailsCell row={row} />
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
