import type { Tx } from '../db/database';

/** The demo company's other holders and its ledger (filled in by the ledger feature). */
export async function seedDemoLedger(
  _tx: Tx,
  _organizationId: string,
): Promise<{ holders: number; transactions: number }> {
  return { holders: 0, transactions: 0 };
}
