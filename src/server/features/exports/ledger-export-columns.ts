import { isTransactionType, typeLabel } from '../../../ledger';
import { amountText } from '../../ledger-store/amounts';
import { certificateLabel, originLabel } from '../../ledger-store/certificate-label';
import type { OperationFactsSql } from '../../ledger-store/operation-facts-sql';
import type { Cell, ExportColumn } from './export-table';

/** A transaction with its operation's facts (ledger-store/operation-facts-sql.ts). */
export interface TransactionFactsSql extends OperationFactsSql {
  date: string;
  type: string;
  preferred: boolean;
  certificate_number: number;
  certificate_prefix: string;
  origin_number: number | null;
  origin_prefix: string | null;
  shares: string;
  cost: string;
  notes: string;
  reason: string | null;
  counterparty: string | null;
}

/** The columns of a transaction and its operation, after those a report puts first. */
export const transactionColumns = (first: number): ExportColumn[] => [
  { header: 'Certificate', kind: 'text', width: 12 },
  { header: 'Class', kind: 'text', width: 10 },
  { header: 'Shares', kind: 'shares', width: 16 },
  { header: 'Cost per share', kind: 'money', width: 16 },
  { header: 'Origin certificate', kind: 'text', width: 12 },
  { header: 'Counterparty', kind: 'text', width: 28 },
  // The currency is the next column's: first + 7.
  { header: 'Consideration', kind: 'money', width: 18, currencyColumn: first + 7 },
  { header: 'Currency', kind: 'text', width: 10 },
  { header: 'Approval date', kind: 'date', width: 12 },
  { header: 'Approval reference', kind: 'text', width: 24 },
  { header: 'Reason', kind: 'text', width: 24 },
  { header: 'Notes', kind: 'text', width: 30 },
  { header: 'Operation', kind: 'text', width: 38 },
  { header: 'Reverses operation', kind: 'text', width: 38 },
  { header: 'Reversed by operation', kind: 'text', width: 38 },
];

/** The transaction's type label ("Issued", "Transferred", ...), as the ledger page shows it. */
export const typeCell = (type: string): string =>
  isTransactionType(type) ? typeLabel(type) : type;

/** The cells of transactionColumns for one transaction. */
export const transactionCells = (r: TransactionFactsSql): Cell[] => [
  certificateLabel(r.certificate_prefix, r.certificate_number),
  r.preferred ? 'Preferred' : 'Common',
  amountText(r.shares),
  amountText(r.cost),
  originLabel(r),
  r.counterparty,
  r.consideration === null ? null : amountText(r.consideration),
  r.consideration_currency,
  r.approval_date,
  r.approval_reference,
  r.reason,
  r.notes,
  r.operation_id,
  r.reverses_operation_id,
  r.reversed_by_operation_id,
];
