import type { HistoryRow } from '../../contract/ledger';
import { formatAmount, isIssuedType, isTransactionType, typeLabel } from '../../ledger';
import { amountText } from './amounts';
import { originLabel } from './certificate-label';
import type { OperationFactsSql } from './operation-facts-sql';

/**
 * A transaction as the history queries read it (statement and certificate alike), with its
 * operation's facts (decision 122) when the query reads them.
 */
export interface TransactionSqlRow extends Partial<OperationFactsSql> {
  id: string;
  type: string;
  preferred: boolean;
  origin_number: number | null;
  origin_prefix: string | null;
  cost: string;
  shares: string;
  date: string;
  notes: string;
  reason: string | null;
  transaction_order: string;
}

/** The operation's facts of a line, when its query read them. */
function operationFacts(row: Omit<TransactionSqlRow, 'shares'>): Partial<HistoryRow> {
  if (row.operation_id === undefined) return {};
  return {
    operationId: row.operation_id,
    consideration: row.consideration == null ? null : amountText(row.consideration),
    considerationCurrency: row.consideration_currency ?? null,
    approvalDate: row.approval_date ?? null,
    approvalReference: row.approval_reference ?? null,
    reversesOperationId: row.reverses_operation_id ?? null,
    reversedByOperationId: row.reversed_by_operation_id ?? null,
  };
}

/** One line of a history: the stored type with its label, the origin's label, the figures. */
export function historyLine(
  row: Omit<TransactionSqlRow, 'shares'>,
  at: {
    certificateId: string;
    certificate: string;
    /** Hundredths: the row's shares and the running balance after it. */
    shares: bigint;
    balance: bigint;
    counterparty: string | null;
  },
): HistoryRow {
  const known = isTransactionType(row.type);
  return {
    id: row.id,
    certificateId: at.certificateId,
    certificate: at.certificate,
    type: row.type,
    typeLabel: known ? typeLabel(row.type as never) : row.type,
    issued: known ? isIssuedType(row.type as never) : false,
    preferred: row.preferred,
    origin: originLabel(row),
    cost: amountText(row.cost),
    shares: formatAmount(at.shares),
    balance: formatAmount(at.balance),
    date: row.date,
    notes: row.notes,
    reason: row.reason,
    counterparty: at.counterparty,
    transactionOrder: row.transaction_order,
    ...operationFacts(row),
  };
}
