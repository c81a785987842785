import type { StatementResponse } from '../../../contract/ledger';
import {
  formatAmount,
  isIssuedType,
  isTransactionType,
  typeLabel,
  type HeldCertificate,
} from '../../../ledger';
import { toHundredths } from '../../ledger-store/amounts';
import { certificateLabel } from '../../ledger-store/certificate-label';
import type { HistorySqlRow } from './statement-queries';

/**
 * The statement's lines, in one pass in the ledger's order: the running balance of each class,
 * and each certificate's balance for the totals.
 */
export function statementLines(history: HistorySqlRow[]): {
  lines: StatementResponse['history'];
  certificates: HeldCertificate[];
} {
  const certificates = new Map<string, HeldCertificate>();
  const running = { common: 0n, preferred: 0n };
  const lines = history.map((row) => {
    const shares = toHundredths(row.shares);
    running[row.class_type] += shares;
    let held = certificates.get(row.certificate_id);
    if (!held) {
      held = { classType: row.class_type, balance: 0n, cost: toHundredths(row.certificate_cost) };
      certificates.set(row.certificate_id, held);
    }
    held.balance += shares;
    const type = row.type;
    const known = isTransactionType(type);
    return {
      id: row.id,
      certificateId: row.certificate_id,
      certificate: certificateLabel(row.prefix, row.number),
      type,
      typeLabel: known ? typeLabel(type) : type,
      issued: known ? isIssuedType(type) : false,
      preferred: row.preferred,
      origin:
        row.origin_number === null || row.origin_prefix === null
          ? null
          : certificateLabel(row.origin_prefix, row.origin_number),
      cost: formatAmount(toHundredths(row.cost)),
      shares: formatAmount(shares),
      balance: formatAmount(running[row.class_type]),
      date: row.date,
      notes: row.notes,
      reason: row.reason,
      counterparty: row.counterparty,
      transactionOrder: row.transaction_order,
    };
  });
  return { lines, certificates: [...certificates.values()] };
}
