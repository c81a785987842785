// PostgreSQL only (run when TEST_DATABASE_URL is set): PGlite cannot interrupt a statement.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test-support/use-test-database';
import { readOnly, readOnlyRows } from './data-sql';

const database = useTestDatabase();

describe('the read-only transaction of queries on PostgreSQL', () => {
  it('stops a statement past its timeout with DATA.QUERY_TIMEOUT', async () => {
    const slow = readOnly(database.db, (tx) => tx.execute(sql`select pg_sleep(2)`), 100);
    await expect(slow).rejects.toMatchObject({ code: 'DATA.QUERY_TIMEOUT' });
  });

  it('does the same in one round trip (readOnlyRows), and refuses a write there', async () => {
    const slow = readOnlyRows(database, sql`select pg_sleep(2)`, 100);
    await expect(slow).rejects.toMatchObject({ code: 'DATA.QUERY_TIMEOUT' });
    const write = readOnlyRows(database, sql`create table read_only_probe (id int)`);
    await expect(write).rejects.toThrow(/read-only transaction/);
    expect(await readOnlyRows(database, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});
