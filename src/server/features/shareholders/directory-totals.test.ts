import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { directoryResponse, type DirectoryResponse } from '../../../contract/ledger';
import { todayIn } from '../../../ledger';
import { certificate, organization, shareholder } from '../../db/schema';
import { ledgerInvariants } from '../../ledger-store/invariants';
import { rows } from '../../db/sql';
import { expectLedgerSound, ledgerScenario } from '../../test-support/ledger-scenario';
import { createHolder } from '../../test-support/fixtures';
import { getParsed } from '../../test-support/get-parsed';
import type { LedgerScenario } from '../../test-support/use-ledger-scenario';
import { useTestApp } from '../../test-support/use-test-app';

const t = useTestApp();

interface Totals {
  shareholders: number;
  withoutShares: number;
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
  const [row] = await rows<{
    n: string;
    none: string;
    total: string;
    common: string;
    preferred: string;
  }>(
    s.db,
    sql`select count(*) filter (where balance > 0)::text as n,
               count(*) filter (where balance = 0)::text as none,
               coalesce(sum(balance), 0)::text as total,
               coalesce(sum(common_shares), 0)::text as common,
               coalesce(sum(preferred_shares), 0)::text as preferred
          from shareholder
         where organization_id = ${s.organization.id} and active and name <> ''
           and (not is_admin or balance > 0)`,
  );
  return {
    shareholders: Number(row!.n),
    withoutShares: Number(row!.none),
    totalShares: row!.total,
    common: row!.common,
    preferred: row!.preferred,
  };
}

/** The certificate with shares of a holder who has exactly one. */
async function certificateOf(s: LedgerScenario, holderId: string): Promise<string> {
  const held = await s.db
    .select({ id: certificate.id })
    .from(certificate)
    .where(sql`${certificate.holderId} = ${holderId} and ${certificate.balance} > 0`);
  expect(held).toHaveLength(1);
  return held[0]!.id;
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
    // Alice 150, Bob 10; the administrator holds nothing and is not listed; Carol is listed with
    // no shares, counted apart.
    await expectInStep({
      shareholders: 2,
      withoutShares: 1,
      totalShares: '160.00',
      common: '160.00',
    });

    await s.postFrom('cs1', 'Transfer', '5', '2024-01-02', { toHolderId: s.admin.id, cost: '1' });
    // The administrator now holds shares and is listed; the total is unchanged.
    await expectInStep({ shareholders: 3, withoutShares: 1, totalShares: '160.00' });
    // Bob gives all he has to Carol: she is a holder of record now, he is not.
    await s.postFrom('cs3', 'Transfer', '10', '2024-01-02', { toHolderId: s.carol.id, cost: '3' });
    await expectInStep({ shareholders: 3, withoutShares: 1, totalShares: '160.00' });
    await s.post({
      type: 'New Issue',
      holderId: s.bob.id,
      date: '2024-01-02',
      shares: '10',
      cost: '3.00',
    });
    await expectInStep({ shareholders: 4, withoutShares: 0, totalShares: '170.00' });

    await s.postFrom('cs2', 'Convert to Preferred', '4', '2024-01-03');
    await expectInStep({ totalShares: '170.00', common: '166.00', preferred: '4.00' });

    await s.postFrom('cs2', 'Cancel', '20', '2024-01-04', { reason: 'Repurchased' });
    await expectInStep({ shareholders: 4, totalShares: '150.00', common: '146.00' });
    // The administrator gives back all he holds: no longer listed (nor counted apart).
    await s.post({
      type: 'Cancel',
      holderId: s.admin.id,
      date: '2024-01-05',
      shares: '5',
      originCertificateIds: [await certificateOf(s, s.admin.id)],
      reason: 'Returned',
    });
    await expectInStep({ shareholders: 3, withoutShares: 0, totalShares: '145.00' });

    // Deactivating, renaming to nothing, new holders and deletions outside the ledger.
    await s.db.update(shareholder).set({ active: false }).where(eq(shareholder.id, s.bob.id));
    await expectInStep({ shareholders: 2, withoutShares: 0, totalShares: '135.00' });
    await s.db.update(shareholder).set({ name: '' }).where(eq(shareholder.id, s.carol.id));
    await expectInStep({ shareholders: 1, totalShares: '125.00', preferred: '4.00' });
    const dora = await createHolder(s.db, s.organization.id, { name: 'Dora' });
    await expectInStep({ shareholders: 1, withoutShares: 1 });
    await s.db.delete(shareholder).where(eq(shareholder.id, dora.id));
    await s.db.update(shareholder).set({ active: true }).where(eq(shareholder.id, s.bob.id));
    await s.db.update(shareholder).set({ isAdmin: true }).where(eq(shareholder.id, s.alice.id));
    await expectInStep({ shareholders: 2, withoutShares: 0, totalShares: '135.00' });
  });

  it('are the same as counting the rows for a past date', async () => {
    const s = await ledgerScenario(t);
    // Carol joined the registry today with no shares: give her some in 2023, so that she is in
    // the registry on both dates.
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

  it.each([
    ['listed holders', { listedHolders: 99 }, { listedHolders: 3 }],
    ['holders of record', { holdersOfRecord: 99 }, { holdersOfRecord: 2 }],
  ] as const)(
    'ledger_invariants() reports kept %s that drift from the holders',
    async (_, drift, kept) => {
      const s = await ledgerScenario(t);
      const set = (values: typeof drift | typeof kept) =>
        s.db.update(organization).set(values).where(eq(organization.id, s.organization.id));
      await set(drift);
      const found = await ledgerInvariants(s.db);
      expect(found).toEqual([
        expect.objectContaining({
          check_name: 'directory_totals_drift',
          organization_id: s.organization.id,
        }),
      ]);
      await set(kept);
      await expectLedgerSound(s.db);
    },
  );
});

describe('Total Shareholders: holders of record with shares on the date, on every date', () => {
  const directory = (s: LedgerScenario, asOf?: string): Promise<DirectoryResponse> =>
    getParsed(
      t,
      `/api/v1/shareholders?pageSize=100${asOf ? `&asOf=${asOf}` : ''}`,
      s.as.admin,
      directoryResponse,
    );
  const names = (d: DirectoryResponse) => d.rows.map((r) => r.name);
  /** The day before `date` (YYYY-MM-DD). */
  const dayBefore = (date: string) =>
    new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

  it('today and an earlier date with the same positions give the same figures', async () => {
    const s = await ledgerScenario(t);
    // Carol has been in the registry since 2023 and never held a share.
    await s.db
      .update(shareholder)
      .set({ createdAt: new Date('2023-01-01T17:00:00Z') })
      .where(eq(shareholder.id, s.carol.id));
    const today = await directory(s);
    // The last transaction is dated 2023-07-01: nothing changed since 2024-12-31.
    const before = await directory(s, '2024-12-31');
    expect(today.totals).toEqual({
      shareholders: 2,
      withoutShares: 1,
      totalShares: '160.00',
      common: '160.00',
      preferred: '0.00',
    });
    expect(before.totals).toEqual(today.totals);
    expect(names(before)).toEqual(names(today));
    expect(names(today)).toEqual(['Alice', 'Bob', 'Carol']);
    expect(before.total).toBe(3);
    expect(today.total).toBe(3);
  });

  it('a holder who parted with every share is counted apart from that day on', async () => {
    const s = await ledgerScenario(t);
    await s.postFrom('cs3', 'Transfer', '10', '2024-02-01', { toHolderId: s.alice.id, cost: '3' });
    const expected = (shareholders: number, withoutShares: number) => ({
      shareholders,
      withoutShares,
      totalShares: '160.00',
      common: '160.00',
      preferred: '0.00',
    });
    // Bob held 10 on 2024-01-31; from 2024-02-01 he is a former holder, listed with no shares.
    const held = await directory(s, '2024-01-31');
    expect(held.totals).toEqual(expected(2, 0));
    expect(names(held)).toEqual(['Alice', 'Bob']);
    const parted = await directory(s, '2024-02-01');
    expect(parted.totals).toEqual(expected(1, 1));
    expect(names(parted)).toEqual(['Alice', 'Bob']);
    // Today Carol is listed too (in the registry since today, no shares).
    const today = await directory(s);
    expect(today.totals).toEqual(expected(1, 2));
    expect(names(today)).toEqual(['Alice', 'Bob', 'Carol']);
  });

  it('a holder not yet in the registry on a date is not listed on it', async () => {
    const s = await ledgerScenario(t);
    const today = todayIn('America/New_York');
    const yesterday = await directory(s, dayBefore(today));
    // Carol was added today: not there yesterday, no shares today.
    expect(names(yesterday)).toEqual(['Alice', 'Bob']);
    expect(yesterday.totals).toMatchObject({ shareholders: 2, withoutShares: 0 });
    expect((await directory(s)).totals).toMatchObject({ shareholders: 2, withoutShares: 1 });
  });
});
