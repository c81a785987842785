import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerInvariants } from '../ledger-store/invariants';
import { rows } from '../db/sql';
import { useTestDatabase } from '../test-support/use-test-database';
import { seedDemoData } from './seed-demo';

const database = useTestDatabase();
let organizationId: string;
beforeAll(async () => {
  organizationId = (await seedDemoData(database)).organizationId;
}, 120_000);

describe('the demo ledger', () => {
  it('has ≥ 25 holders and ≥ 150 transactions of every type over ≥ 3 years, invariants empty', async () => {
    const db = database.db;
    const [stats] = await rows<{
      holders: number;
      transactions: number;
      first: string;
      last: string;
    }>(
      db,
      sql`select (select count(*)::int from shareholder where organization_id = ${organizationId}) as holders,
                 count(*)::int as transactions, min(t.date)::text as first, max(t.date)::text as last
            from share_transaction t join certificate c on c.id = t.certificate_id
           where c.organization_id = ${organizationId}`,
    );
    expect(stats!.holders).toBeGreaterThanOrEqual(25);
    expect(stats!.transactions).toBeGreaterThanOrEqual(150);
    const years = (Date.parse(stats!.last) - Date.parse(stats!.first)) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThanOrEqual(3);
    const types = await rows<{ type: string }>(
      db,
      sql`select distinct type from share_transaction`,
    );
    expect(types.map((t) => t.type).sort()).toEqual([
      'Cancelled',
      'Converted To Preferred',
      'Issued',
      'Issued: preferred',
      'Issued: transfer',
      'Transferred',
    ]);
    const [multi] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select operation_id from share_transaction
            where type = 'Transferred' group by operation_id having count(*) > 1) m`,
    );
    expect(multi!.n).toBeGreaterThan(0);
    const [partial] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from share_transaction t join certificate c on c.id = t.certificate_id
           where t.type = 'Converted To Preferred' and c.balance > 0`,
    );
    expect(partial!.n).toBeGreaterThan(0);
    const [classes] = await rows<{ common: boolean; preferred: boolean }>(
      db,
      sql`select sum(common_shares) > 0 as common, sum(preferred_shares) > 0 as preferred
            from shareholder where organization_id = ${organizationId}`,
    );
    expect(classes).toEqual({ common: true, preferred: true });
    expect(await ledgerInvariants(db)).toEqual([]);
  });

  it('gives the demo shareholder logins holdings, when the sign-in seed created them', async () => {
    const logins = await rows<{ email: string; common: boolean; preferred: boolean }>(
      database.db,
      sql`select email, common_shares > 0 as common, preferred_shares > 0 as preferred
            from shareholder where lower(email) in ('holder@acme.test', 'lukasz@acme.test')`,
    );
    for (const login of logins) expect(login).toMatchObject({ common: true, preferred: true });
  });
});
