import type { HistoryRow } from '../../contract/ledger';
import { formatConsideration } from '../lib/consideration';
import { formatDate } from '../lib/format';

/** An operation's facts as the statement's history rows carry them (contract/operation-facts.ts). */
export type OperationFactsOf = Pick<
  HistoryRow,
  | 'operationId'
  | 'consideration'
  | 'considerationCurrency'
  | 'approvalDate'
  | 'approvalReference'
  | 'reversesOperationId'
  | 'reversedByOperationId'
>;

const short = (id: string) => id.slice(0, 8);

/**
 * An operation's consideration, approval and reversal links (issue 25, decision 122), worded the
 * same on the statement, the certificate's history and the company ledger; nothing when it has
 * none. The operation's short id follows its reversal links, or always with `showOperation`.
 */
export function OperationFacts({
  facts,
  showOperation = false,
}: {
  facts: OperationFactsOf;
  showOperation?: boolean;
}) {
  const lines = [
    facts.consideration
      ? `Consideration: ${formatConsideration(facts.consideration, facts.considerationCurrency)}`
      : null,
    facts.approvalDate || facts.approvalReference
      ? `Approved${facts.approvalDate ? ` ${formatDate(facts.approvalDate)}` : ''}${
          facts.approvalReference ? ` (${facts.approvalReference})` : ''
        }`
      : null,
  ].filter((f): f is string => f !== null);
  const links = [
    facts.reversesOperationId ? `Reversal of operation ${short(facts.reversesOperationId)}` : null,
    facts.reversedByOperationId
      ? `Reversed by operation ${short(facts.reversedByOperationId)}`
      : null,
  ].filter((f): f is string => f !== null);
  const operation =
    facts.operationId && (showOperation || links.length > 0) ? facts.operationId : null;
  if (lines.length === 0 && links.length === 0 && !operation) return null;
  return (
    <span className="operation-facts d-block small text-body-secondary">
      {lines.map((f) => (
        <span key={f} className="d-block">
          {f}
        </span>
      ))}
      {links.map((f) => (
        <span key={f} className="d-block fw-semibold reversal-link">
          {f}
        </span>
      ))}
      {operation && (
        <span className="d-block" title={operation}>
          Operation {short(operation)}
        </span>
      )}
    </span>
  );
}
