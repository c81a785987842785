import type { StatementResponse } from '../../../contract/ledger';
import type { HeldCertificate } from '../../../ledger';
import { toHundredths } from '../../ledger-store/amounts';
import { certificateLabel } from '../../ledger-store/certificate-label';
import { historyLine } from '../../ledger-store/history-line';
import type { HistorySqlRow } from './statement-queries';

/**
 * The statement's lines, in the ledger's order, each with the holder's running balance after it
 * (read with the history: ledger-store/running-balance-sql), and each certificate's balance for
 * the totals (the cards' common and preferred figures).
 */
export function statementLines(history: HistorySqlRow[]): {
  lines: StatementResponse['history'];
  certificates: HeldCertificate[];
} {
  const certificates = new Map<string, HeldCertificate>();
  const lines = history.map((row) => {
    const shares = toHundredths(row.shares);
    let held = certificates.get(row.certificate_id);
    if (!held) {
      held = { classType: row.class_type, balance: 0n, cost: toHundredths(row.certificate_cost) };
      certificates.set(row.certificate_id, held);
    }
    held.balance += shares;
    return historyLine(row, {
      certificateId: row.certificate_id,
      certificate: certificateLabel(row.prefix, row.number),
      shares,
      balance: toHundredths(row.running_balance),
      counterparty: row.counterparty,
    });
  });
  return { lines, certificates: [...certificates.values()] };
}
