import type { StatementResponse } from '../../../contract/ledger';
import { formatConsideration } from '../../lib/consideration';
import { formatDate } from '../../lib/format';

const short = (id: string) => id.slice(0, 8);

/**
 * A history row's operation facts (issue 25, decision 122): its consideration, its approval and
 * its reversal links, under the notes; nothing when it has none.
 */
export function OperationFacts({ row }: { row: StatementResponse['history'][number] }) {
  const facts = [
    row.consideration
      ? `Consideration: ${formatConsideration(row.consideration, row.considerationCurrency)}`
      : null,
    row.approvalDate || row.approvalReference
      ? `Approved${row.approvalDate ? ` ${formatDate(row.approvalDate)}` : ''}${
          row.approvalReference ? ` (${row.approvalReference})` : ''
        }`
      : null,
  ].filter((f): f is string => f !== null);
  const links = [
    row.reversesOperationId ? `Reversal of operation ${short(row.reversesOperationId)}` : null,
    row.reversedByOperationId ? `Reversed by operation ${short(row.reversedByOperationId)}` : null,
  ].filter((f): f is string => f !== null);
  if (facts.length === 0 && links.length === 0) return null;
  return (
    <span className="operation-facts d-block small text-body-secondary">
      {facts.map((f) => (
        <span key={f} className="d-block">
          {f}
        </span>
      ))}
      {links.map((f) => (
        <span key={f} className="d-block fw-semibold reversal-link">
          {f}
        </span>
      ))}
      {row.operationId && (row.reversesOperationId || row.reversedByOperationId) && (
        <span className="d-block">Operation {short(row.operationId)}</span>
      )}
    </span>
  );
}
