// The ledger the shareholder routes' tests read: the shared scenario, then a transfer, a
// conversion and a cancellation by Alice, an administrator with shares and one without, and an
// inactive holder.
import { beforeAll } from 'vitest';
import { createHolder } from '../../test-support/fixtures';
import { useLedgerApp, type LedgerScenario } from '../../test-support/use-ledger-scenario';

/** The app and the ledger of the tests around the call, set up before them (useLedgerApp). */
export function useShareholderRoutesScenario() {
  const { t, s } = useLedgerApp();
  beforeAll(() => shareholderRoutesLedger(s));
  return { t, s };
}

async function shareholderRoutesLedger(s: LedgerScenario) {
  // Alice transfers 30 of CS-1 to Bob in 2024, converts 20 of CS-2 and cancels 5.
  await s.post({
    type: 'Transfer',
    holderId: s.alice.id,
    toHolderId: s.bob.id,
    date: '2024-03-01',
    shares: '30',
    cost: '2.00',
    originCertificateIds: [s.certificates.cs1],
  });
  await s.post({
    type: 'Convert to Preferred',
    holderId: s.alice.id,
    date: '2024-04-01',
    shares: '20',
    originCertificateIds: [s.certificates.cs2],
  });
  await s.post({
    type: 'Cancel',
    holderId: s.alice.id,
    date: '2024-05-01',
    shares: '5',
    reason: 'repurchase',
    originCertificateIds: [s.certificates.cs1],
  });
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
