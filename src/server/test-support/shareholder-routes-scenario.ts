// The ledger the shareholder routes' tests read: the shared scenario, then a transfer, a
// conversion and a cancellation by Alice, an administrator with shares and one without, and an
// inactive holder.
import { beforeAll } from 'vitest';
import { createHolder } from './fixtures';
import { useLedgerApp, type LedgerScenario } from './use-ledger-scenario';

/** The app and the ledger of the tests around the call, set up before them (useLedgerApp). */
export function useShareholderRoutesScenario() {
  const { t, s } = useLedgerApp();
  beforeAll(() => shareholderRoutesLedger(s));
  return { t, s };
}

async function shareholderRoutesLedger(s: LedgerScenario) {
  // Alice transfers 30 of CS-1 to Bob in 2024, converts 20 of CS-2 and cancels 5.
  await s.postFrom('cs1', 'Transfer', '30', '2024-03-01', { toHolderId: s.bob.id, cost: '2.00' });
  await s.postFrom('cs2', 'Convert to Preferred', '20', '2024-04-01');
  await s.postFrom('cs1', 'Cancel', '5', '2024-05-01', { reason: 'repurchase' });
  // An administrator holding nothing is left out of the directory; one holding shares is listed.
  const rich = await createHolder(s.db, s.organization.id, { name: 'Rich Admin', isAdmin: true });
  await s.post({
    type: 'New Issue',
    holderId: rich.id,
    date: '2023-01-01',
    shares: '1',
    cost: '0',
  });
  await createHolder(s.db, s.organization.id, { name: 'Gone', active: false });
}
