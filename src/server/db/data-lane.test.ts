import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../test-support/fixtures';
import { useTestDatabase } from '../test-support/use-test-database';
import {
  DATA_LIMITS,
  pgliteDataLane,
  postgresDataLane,
  TimeBudgetExceeded,
  type DataLimits,
  type WritePlan,
  type WriteStep,
} from './data-lane';
import { type Db, type Tx } from './database';
import { openPglite, type Database } from './open-database';
import { dataAccount } from './schema';
import { rows } from './sql';

// The data lane on the configured backend: a write of many steps is all or nothing (PGlite runs
// it in slices and undoes what committed slices wrote), a request stops at its budget, and other
// work gets the database while a long write runs.

const database = useTestDatabase();
const lane = (limits: DataLimits = DATA_LIMITS) =>
  database.kind === 'postgres'
    ? postgresDataLane(database.pool!, limits)
    : pgliteDataLane(database.db, limits);

/** A revenue no JavaScript number holds exactly: a copy through JSON numbers would change it. */
const REVENUE = '12345678901234567.89';

interface Place {
  organizationId: string;
  tenantId: string;
  accounts: string[];
}

async function placeWithAccounts(db: Db, n: number): Promise<Place> {
  const { organization } = await createOrganization(db, `Lane ${randomUUID().slice(0, 8)}, Inc.`);
  const [tenant] = await rows<{ id: string }>(
    db,
    sql`insert into data_tenant (organization_id, tenant_key, name)
        values (${organization.id}, ${randomUUID()}, 'Lane tenant') returning id`,
  );
  const accounts = await db
    .insert(dataAccount)
    .values(
      Array.from({ length: n }, (_, i) => ({
        organizationId: organization.id,
        tenantId: tenant!.id,
        name: `Account ${i}`,
        annualRevenue: REVENUE,
      })),
    )
    .returning({ id: dataAccount.id });
  return {
    organizationId: organization.id,
    tenantId: tenant!.id,
    accounts: accounts.map((a) => a.id),
  };
}

/** Every account of the tenant, each row as PostgreSQL writes it (exact numerics and times). */
const snapshot = async (db: Db, p: Place) =>
  (
    await rows<{ row: string }>(
      db,
      sql`select to_jsonb(a)::text as row from data_account a where tenant_id = ${p.tenantId} order by id`,
    )
  ).map((r) => r.row);

const pause = (ms: number) => sql`select pg_sleep(${ms / 1000})`;

/** One step per account: change it, delete it, or add a new one; each takes `ms` at least. */
function mixedSteps(p: Place, ms: number): Array<WriteStep<void>> {
  const step = (ids: string[], statement: (id: string) => ReturnType<typeof sql>) => ({
    table: dataAccount,
    ids,
    run: async (tx: Tx) => {
      await tx.execute(pause(ms));
      await tx.execute(statement(ids[0]!));
    },
  });
  const changes = p.accounts
    .slice(0, 10)
    .map((id) =>
      step(
        [id],
        (x) =>
          sql`update data_account set name = 'changed', annual_revenue = 1, updated_at = now() where id = ${x}`,
      ),
    );
  const deletes = p.accounts
    .slice(10, 15)
    .map((id) => step([id], (x) => sql`delete from data_account where id = ${x}`));
  const creates = Array.from({ length: 10 }, () =>
    step(
      [randomUUID()],
      (x) =>
        sql`insert into data_account (id, organization_id, tenant_id, name)
          values (${x}, ${p.organizationId}, ${p.tenantId}, 'new')`,
    ),
  );
  return [...changes, ...deletes, ...creates];
}

const plan = (steps: Array<WriteStep<void>>): WritePlan<void> => ({ checks: [], steps });
const failing: WriteStep<void> = {
  table: dataAccount,
  ids: [],
  run: () => Promise.reject(new Error('the last step is refused')),
};

describe('a write of many steps through the data lane', () => {
  it('writes every step when all succeed', async () => {
    const p = await placeWithAccounts(database.db, 20);
    await lane().writeSteps(p.organizationId, plan(mixedSteps(p, 5)));
    const after = await rows<{ name: string; n: number }>(
      database.db,
      sql`select name, count(*)::int as n from data_account where tenant_id = ${p.tenantId}
          group by name order by name`,
    );
    expect(after).toEqual([
      { name: 'Account 15', n: 1 },
      { name: 'Account 16', n: 1 },
      { name: 'Account 17', n: 1 },
      { name: 'Account 18', n: 1 },
      { name: 'Account 19', n: 1 },
      { name: 'changed', n: 10 },
      { name: 'new', n: 10 },
    ]);
    expect(await rows(database.db, sql`select 1 from data_write_journal`)).toEqual([]);
  });

  it('leaves every row exactly as it was when a late step fails', async () => {
    const p = await placeWithAccounts(database.db, 20);
    const before = await snapshot(database.db, p);
    const steps = [...mixedSteps(p, 20), failing];
    await expect(lane().writeSteps(p.organizationId, plan(steps))).rejects.toThrow(
      'the last step is refused',
    );
    expect(await snapshot(database.db, p)).toEqual(before);
    expect(before[0]).toContain(REVENUE);
    expect(await rows(database.db, sql`select 1 from data_write_journal`)).toEqual([]);
  });

  it('stops at its budget of database time, with nothing written', async () => {
    const p = await placeWithAccounts(database.db, 20);
    const before = await snapshot(database.db, p);
    const limits = { budgetMs: 400, statementTimeoutMs: 5000 };
    const started = performance.now();
    const write = lane(limits).writeSteps(p.organizationId, plan(mixedSteps(p, 60)));
    await expect(write).rejects.toBeInstanceOf(TimeBudgetExceeded);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(await snapshot(database.db, p)).toEqual(before);
  });

  it('lets other statements through while it runs, and no reader of its scope sees half of it', async () => {
    const p = await placeWithAccounts(database.db, 20);
    // One lane, as the app has one: its readers and writers of a scope know of each other.
    const theLane = lane();
    const count = () =>
      theLane.read(p.organizationId, async (tx) => {
        const [c] = await rows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from data_account where tenant_id = ${p.tenantId} and name = 'new'`,
        );
        return c!.n;
      });
    let done = false;
    const write = theLane
      .writeSteps(p.organizationId, plan(mixedSteps(p, 30)))
      .finally(() => (done = true));
    const pings: number[] = [];
    const reads: Array<Promise<number>> = [];
    while (!done) {
      const started = performance.now();
      await database.ping();
      pings.push(performance.now() - started);
      // Read the scope without waiting for the answer: on PGlite it waits for the write.
      reads.push(count());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await write;
    const counts = await Promise.all(reads);
    expect(pings.length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...pings)).toBeLessThan(500);
    expect(
      counts.every((n) => n === 0 || n === 10),
      counts.join(','),
    ).toBe(true);
  });
});

// PGlite in a data directory of its own, whatever the configured backend: a crash between two
// slices leaves their journal behind, and the next start undoes the write before anything else.
describe('a write cut short by a crash (PGlite)', () => {
  let dir: string;
  let embedded: Database | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'registry-lane-'));
  });
  afterAll(async () => {
    await embedded?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is undone at the next start', async () => {
    const first = await openPglite(dir);
    await first.migrate();
    const p = await placeWithAccounts(first.db, 20);
    const before = await snapshot(first.db, p);
    const steps = mixedSteps(p, 20);
    // The process "dies" after the eighth step: the database closes between two slices.
    const crash: WriteStep<void> = {
      table: dataAccount,
      ids: [],
      run: async () => {
        void first.close();
      },
    };
    const write = first.dataLane.writeSteps(p.organizationId, {
      checks: [],
      steps: [...steps.slice(0, 8), crash, ...steps.slice(8)],
    });
    await expect(write).rejects.toThrow();

    embedded = await openPglite(dir);
    const left = await rows<{ n: number }>(
      embedded.db,
      sql`select count(*)::int as n from data_write_journal`,
    );
    expect(left[0]!.n, 'the crash left committed slices behind').toBeGreaterThan(0);
    expect(await snapshot(embedded.db, p)).not.toEqual(before);
    await embedded.migrate();
    expect(await snapshot(embedded.db, p)).toEqual(before);
    expect(await rows(embedded.db, sql`select 1 from data_write_journal`)).toEqual([]);
  });
});
