import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test-support/use-test-database';
import { readOnly } from './data-sql';

const database = useTestDatabase();

describe('the read-only transaction of queries', () => {
  it('refuses a write', async () => {
    const write = readOnly(database.dataLane, 'any organization', (tx) =>
      tx.execute(sql`update data_tenant set name = 'x' where false`),
    );
    await expect(write).rejects.toMatchObject({ cause: { code: '25006' } });
  });
});
