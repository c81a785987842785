// PostgreSQL only (run when TEST_DATABASE_URL is set): PGlite cannot interrupt a statement.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postgresDataLane } from '../../db/data-lane';
import { useTestDatabase } from '../../test-support/use-test-database';
import { readOnly, readOnlyRows } from './data-sql';

const database = useTestDatabase();
const lane = () => postgresDataLane(database.pool!, { budgetMs: 10_000, statementTimeoutMs: 100 });

describe('the read-only transaction of queries on PostgreSQL', () => {
  it('stops a statement past its timeout with DATA.QUERY_TIMEOUT', async () => {
    const slow = readOnly(lane(), 'org', (tx) => tx.execute(sql`select pg_sleep(2)`));
    await expect(slow).rejects.toMatchObject({ code: 'DATA.QUERY_TIMEOUT' });
  });

  it('does the same in one round trip (readOnlyRows), and refuses a write there', async () => {
    const slow = readOnlyRows(lane(), 'org', sql`select pg_sleep(2)`);
    await expect(slow).rejects.toMatchObject({ code: 'DATA.QUERY_TIMEOUT' });
    const write = readOnlyRows(lane(), 'org', sql`create table read_only_probe (id int)`);
    await expect(write).rejects.toThrow(/read-only transaction/);
    expect(await readOnlyRows(lane(), 'org', sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});
