import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organization, shareholder } from '../../db/schema';
import { ledgerInvariants } from '../../ledger-store/invariants';
import { rows } from '../../db/sql';
import { expectLedgerSound, ledgerScenario } from '../../ledger-store/test-scenario';
import { createHolder } from '../../test-support/fixtures';
import type { LedgerScenario } from '../../test-support/use-ledger-scenario';
import { useTestApp } from '../../test-support/use-test-app';

const t = useTestApp();

interface Totals {
  shareholders: number;
  totalShares: string;
  common: string;
  preferred: string;
}

/** The directory's totals as the API answers them today (kept) and for a past date (counted). */
async function directoryTotals(s: LedgerScenario, asOf?: string): Promise<Totals> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/shareholders?pageSize=100${asOf ? `&asOf=${asOf}` : ''}`,
    headers: s.as.admin,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ totals: Totals }>().totals;
}

/** The same totals counted from the holder rows, the way the directory lists them. */
async function countedTotals(s: LedgerScenario): Promise<Totals> {
  const [row] = await rows<{ n: string; total: string; common: string; preferred: string }>(
    s.db,
    sql`select count(*)::text as n, coalesce(sum(balance), 0)::text as total,
               coalesce(sum(common_shares), 0)::text as common,
               coalesce(sum(preferred_shares), 0)::text as preferred
          from shareholder
         where organization_id = ${s.organization.id} and active and name <> ''
           and (not is_admin or balance > 0)`,
  );
  return {
    shareholders: Number(row!.n),
    totalShares: row!.total,
    common: row!.common,
    preferred: row!.preferred,
  };
}

describe('the directory totals kept on the organization row', () => {
  it('follow every kind of change to the holders, and equal the listed rows', async () => {
    const s = await ledgerScenario(t);
    const expectInStep = async (expected: Partial<Totals>) => {
      const kept = await directoryTotals(s);
      expect(kept).toEqual(await countedTotals(s));
      expect(kept).toMatchObject(expected);
      await expectLedgerSound(s.db);
    };
    // Alice 150, Bob 10; the administrator holds nothing and is not listed; Carol is (0 shares).
    await expectInStep({ shareholders: 3, totalShares: '160.00', common: '160.00' });

    await s.postFrom('cs1', 'Transfer', '5', '2024-01-02', { toHolderId: s.admin.id, cost: '1' });
    // The administrator now holds shares and is listed; the total is unchanged.
    await expectInStep({ shareholders: 4, totalShares: '160.00' });

    await s.postFrom('cs3', 'Convert to Preferred', '4', '2024-01-03');
    await expectInStep({ totalShares: '160.00', common: '156.00', preferred: '4.00' });

    await s.postFrom('cs2', 'Cancel', '20', '2024-01-04', { reason: 'Repurchased' });
    await expectInStep({ totalShares: '140.00', common: '136.00' });

    // Deactivating, renaming to nothing, new holders and deletions outside the ledger.
    await s.db.update(shareholder).set({ active: false }).where(eq(shareholder.id, s.bob.id));
    await expectInStep({ shareholders: 3, totalShares: '130.00', preferred: '0.00' });
    await s.db.update(shareholder).set({ name: '' }).where(eq(shareholder.id, s.carol.id));
    await expectInStep({ shareholders: 2 });
    const dora = await createHolder(s.db, s.organization.id, { name: 'Dora' });
    await expectInStep({ shareholders: 3 });
    await s.db.delete(shareholder).where(eq(shareholder.id, dora.id));
    await s.db.update(shareholder).set({ active: true }).where(eq(shareholder.id, s.bob.id));
    await s.db.update(shareholder).set({ isAdmin: true }).where(eq(shareholder.id, s.alice.id));
    await expectInStep({ shareholders: 3, totalShares: '140.00' });
  });

  it('are the same as counting the rows for a past date', async () => {
    const s = await ledgerScenario(t);
    // A past date lists only holders with a position then; give Carol one, so both lists agree.
    await s.post({
      type: 'New Issue',
      holderId: s.carol.id,
      date: '2023-08-01',
      shares: '5',
      cost: '1.00',
    });
    const today = await directoryTotals(s);
    const counted = await directoryTotals(s, '2024-12-31');
    expect(counted).toEqual(today);
  });

  it('ledger_invariants() reports kept totals that drift from the holders', async () => {
    const s = await ledgerScenario(t);
    await s.db
      .update(organization)
      .set({ listedHolders: 99 })
      .where(eq(organization.id, s.organization.id));
    const found = await ledgerInvariants(s.db);
    expect(found).toEqual([
      expect.objectContaining({
        check_name: 'directory_totals_drift',
        organization_id: s.organization.id,
      }),
    ]);
    await s.db
      .update(organization)
      .set({ listedHolders: 3 })
      .where(eq(organization.id, s.organization.id));
    await expectLedgerSound(s.db);
  });
});
