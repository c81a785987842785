// The ledger the cap table's and the stockholder list's tests read: the shareholder routes'
// scenario (Alice 95 common and 20 preferred, Bob 40, Rich Admin 1 today), then
// - Dora: 10 common issued 2023-02-01, all transferred to Carol 2024-06-01, deactivated since;
// - Eve, whose name and address a spreadsheet would read as formulas: 2 common 2024-07-01;
// - another company whose holder holds 500 common, never listed.
import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { shareholder } from '../db/schema';
import { createHolder, createOrganization, deactivate } from './fixtures';
import { poster } from './ledger-scenario';
import { useShareholderRoutesScenario } from './shareholder-routes-scenario';

export const EVE_NAME = '=HYPERLINK("http://evil.example","Eve")';

export function useCapTableScenario() {
  const { t, s } = useShareholderRoutesScenario();
  const extra = { dora: '', eve: '', outsider: '' };
  beforeAll(async () => {
    const dora = await createHolder(s.db, s.organization.id, { name: 'Dora' });
    await s.db
      .update(shareholder)
      .set({ address: '9 Elm St', city: 'Boston', state: 'MA', zipCode: '02110', country: 'US' })
      .where(eq(shareholder.id, dora.id));
    const issued = await s.post({
      type: 'New Issue',
      holderId: dora.id,
      date: '2023-02-01',
      shares: '10',
      cost: '1',
    });
    await s.post({
      type: 'Transfer',
      holderId: dora.id,
      toHolderId: s.carol.id,
      date: '2024-06-01',
      shares: '10',
      originCertificateIds: [issued.certificates[0]!.id],
    });
    await deactivate(s.db, dora.id);
    const eve = await createHolder(s.db, s.organization.id, { name: EVE_NAME });
    await s.db
      .update(shareholder)
      .set({ address: '+1 "Main", Suite @5', city: '-Dover', zipCode: 'SW1A 2AA', country: 'GB' })
      .where(eq(shareholder.id, eve.id));
    await s.post({
      type: 'New Issue',
      holderId: eve.id,
      date: '2024-07-01',
      shares: '2',
      cost: '1',
    });
    const other = await createOrganization(s.db, 'Elsewhere, Inc.');
    const outsider = await createHolder(s.db, other.organization.id, { name: 'Aaron Outsider' });
    await poster(
      t.database,
      other.organization.id,
    )({
      type: 'New Issue',
      holderId: outsider.id,
      date: '2023-01-01',
      shares: '500',
      cost: '1',
    });
    Object.assign(extra, { dora: dora.id, eve: eve.id, outsider: outsider.id });
  });
  return { t, s, extra };
}
