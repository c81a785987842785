// PostgreSQL only (run when TEST_DATABASE_URL is set): PGlite cannot interrupt a statement.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test-support/use-test-database';
import { readOnly } from './data-sql';

const database = useTestDatabase();

describe('the read-only transaction of queries on PostgreSQL', () => {
  it('stops a statement past its timeout with DATA.QUERY_TIMEOUT', async () => {
    const slow = readOnly(database.db, (tx) => tx.execute(sql`select pg_sleep(2)`), 100);
    await expect(slow).rejects.toMatchObject({ code: 'DATA.QUERY_TIMEOUT' });
  });
});
