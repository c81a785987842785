import type { StatementResponse } from '../../../contract/ledger';
import type { HeldCertificate } from '../../../ledger';
import { toHundredths } from '../../ledger-store/amounts';
import { certificateLabel } from '../../ledger-store/certificate-label';
import { historyLine } from '../../ledger-store/history-line';
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
    return historyLine(row, {
      certificateId: row.certificate_id,
      certificate: certificateLabel(row.prefix, row.number),
      shares,
      balance: running[row.class_type],
      counterparty: row.counterparty,
    });
  });
  return { lines, certificates: [...certificates.values()] };
}
