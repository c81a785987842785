import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { StatementResponse } from '../../../contract/ledger';
import { counterpartyPhrase, notesWithReason } from '../../../ledger';
import { TypeBadge } from '../../components/type-badge';
import { statementHeader } from '../../../contract/statement-header';
import { formatCost, formatDate, formatShares, statementBalanceNote } from '../../lib/format';
import { OperationFacts } from '../../components/operation-facts';
import { certificatePath } from '../../lib/paths';
import { firstRowsOfOperations } from './first-rows-of-operations';

type Row = StatementResponse['history'][number];

/** An action offered on each history row (the page decides: administrators may reverse). */
export type RowAction = (row: Row) => ReactNode;

/** The certificate-style statement: screen and print share this markup (styles.css @media print). */
export function StatementDocument({
  statement,
  rowAction,
  linkCertificates = false,
}: {
  statement: StatementResponse;
  rowAction?: RowAction | undefined;
  /** Each certificate links to its page (for those who may open it: administrators, read-only). */
  linkCertificates?: boolean;
}) {
  const { history } = statement;
  // A transfer that drew on two certificates is two rows but one operation: one action.
  const actionable = firstRowsOfOperations(history);
  return (
    <article className="statement-document" aria-labelledby="statement-holder">
      <StatementHeading statement={statement} />

      <TotalBalance statement={statement} />

      <section aria-labelledby="history-title">
        <h3 id="history-title" className="h5 mb-1">
          Transaction History
        </h3>
        <p className="small text-body-secondary mb-2" id="history-balance-note">
          {statementBalanceNote}
        </p>
        {history.length === 0 ? (
          <p className="text-body-secondary">No transactions up to this date.</p>
        ) : (
          <div
            className="table-responsive statement-table-wrap"
            // Scrolls sideways on narrow screens, so it must be reachable from the keyboard.
            tabIndex={0}
            role="region"
            aria-labelledby="history-title"
          >
            <Table className="statement-table align-middle" size="sm">
              <thead>
                <tr>
                  <th scope="col">Certificate</th>
                  <th scope="col">Type</th>
                  <th scope="col">Origin</th>
                  <th scope="col" className="text-end">
                    Cost
                  </th>
                  <th scope="col" className="text-end">
                    Shares
                  </th>
                  <th scope="col" className="text-end">
                    Balance
                  </th>
                  <th scope="col">Date</th>
                  <th scope="col">Notes</th>
                </tr>
              </thead>
              <tbody>
                {history.map((row) => (
                  <HistoryRow
                    key={row.id}
                    row={row}
                    action={actionable.has(row.id) ? rowAction : undefined}
                    linkCertificate={linkCertificates}
                  />
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </section>
    </article>
  );
}

/** The company, the statement's dates and id, and the holder it is for. */
function StatementHeading({ statement }: { statement: StatementResponse }) {
  const { company, holder } = statement;
  const header = statementHeader(statement);
  return (
    <header className="statement-header mb-4">
      <div className="d-flex flex-wrap justify-content-between gap-3">
        <div>
          <p className="statement-company h4 mb-1">{company.legalName}</p>
          {header.companyLines.map((line) => (
            <p key={line} className="mb-0 small">
              {line}
            </p>
          ))}
        </div>
        <dl className="statement-meta small mb-0">
          <div>
            <dt>Date</dt>
            <dd>{header.statementDate}</dd>
          </div>
          <div>
            <dt>As of</dt>
            <dd>{header.asOf}</dd>
          </div>
          <div>
            <dt>Document ID</dt>
            <dd className="font-monospace">{statement.documentId}</dd>
          </div>
        </dl>
      </div>
      <p className="statement-kind text-uppercase small fw-semibold mt-3 mb-1">
        Statement of Shareholdings
      </p>
      <h2 id="statement-holder" className="statement-holder h3 mb-1">
        {header.holderName}
      </h2>
      {(holder.address || holder.city) && <p className="small mb-0">{header.holderAddress}</p>}
    </header>
  );
}

/** The holder's total balance by class, the cost per share, and their share of the company. */
function TotalBalance({ statement }: { statement: StatementResponse }) {
  const header = statementHeader(statement);
  return (
    <section className="total-balance card mb-4" aria-labelledby="total-balance-title">
      <div className="card-body">
        <h3 id="total-balance-title" className="h6 text-uppercase fw-bold mb-2">
          TOTAL BALANCE
        </h3>
        <p className="total-balance-value display-6 fw-semibold mb-2">
          {header.balance} <span className="fs-5">shares</span>
        </p>
        <dl className="row mb-0">
          <dt className="col-6 col-sm-3">Common</dt>
          <dd className="col-6 col-sm-3 mb-1" data-testid="total-common">
            {header.common}
          </dd>
          <dt className="col-6 col-sm-3">Preferred</dt>
          <dd className="col-6 col-sm-3 mb-1" data-testid="total-preferred">
            {header.preferred}
          </dd>
          <dt className="col-6 col-sm-3">Cost Per Share</dt>
          {/* The rest of its row, so that Ownership and its breakdown start a row of their own. */}
          <dd className="col-6 col-sm-9 mb-1">{header.costPerShare}</dd>
          <dt className="col-6 col-sm-3">Ownership</dt>
          <dd className="col-6 col-sm-9 mb-0" data-testid="total-ownership">
            {header.ownership}{' '}
            <span className="small text-body-secondary">({header.ownershipByClass})</span>
          </dd>
        </dl>
      </div>
    </section>
  );
}

/** One transaction of the history. */
function HistoryRow({
  row,
  action,
  linkCertificate,
}: {
  row: Row;
  action?: RowAction | undefined;
  linkCertificate: boolean;
}) {
  const phrase = counterpartyPhrase(row.type, row.counterparty);
  return (
    <tr>
      <td data-label="Certificate" className="text-nowrap">
        {linkCertificate ? (
          <Link to={certificatePath(row.certificateId)}>{row.certificate}</Link>
        ) : (
          row.certificate
        )}
      </td>
      <td data-label="Type">
        <span>
          <TypeBadge label={row.typeLabel} issued={row.issued} />
          {phrase && <span className="statement-counterparty"> {phrase}</span>}
        </span>
      </td>
      <td data-label="Origin" className="text-nowrap">
        {row.origin ?? '—'}
      </td>
      <td data-label="Cost" className="text-end text-nowrap">
        {formatCost(row.cost)}
      </td>
      <td data-label="Shares" className="text-end text-nowrap">
        {formatShares(row.shares)}
      </td>
      <td data-label="Balance" className="text-end text-nowrap">
        {formatShares(row.balance)}
      </td>
      <td data-label="Date" className="text-nowrap">
        {formatDate(row.date)}
      </td>
      <td data-label="Notes" className="statement-notes">
        {notesWithReason(row.notes, row.reason)}
        <OperationFacts facts={row} />
        {action?.(row)}
      </td>
    </tr>
  );
}
