import type { HistoryRow } from '../../contract/ledger';
import { formatAmount, isIssuedType, isTransactionType, typeLabel } from '../../ledger';
import { amountText } from './amounts';
import { certificateLabel } from './certificate-label';

/** A transaction as the history queries read it (statement and certificate alike). */
export interface TransactionSqlRow {
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
    origin:
      row.origin_number === null || row.origin_prefix === null
        ? null
        : certificateLabel(row.origin_prefix, row.origin_number),
    cost: amountText(row.cost),
    shares: formatAmount(at.shares),
    balance: formatAmount(at.balance),
    date: row.date,
    notes: row.notes,
    reason: row.reason,
    counterparty: at.counterparty,
    transactionOrder: row.transaction_order,
  };
}
