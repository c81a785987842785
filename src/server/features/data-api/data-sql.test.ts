import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { createTestDatabase } from '../../test-support/test-database';
import { readOnly } from './data-sql';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the read-only transaction of queries', () => {
  it('refuses a write', async () => {
    const write = readOnly(database.db, (tx) =>
      tx.execute(sql`update data_tenant set name = 'x' where false`),
    );
    await expect(write).rejects.toMatchObject({ cause: { code: '25006' } });
  });
});
