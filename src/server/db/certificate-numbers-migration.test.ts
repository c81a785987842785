// Migration 0011 drops the stand-in numbers of migration 0004. An answer stored before it, with
// stand-ins, must replay afterwards with the numbers its certificates were given.
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { holderByHand, organizationByHand } from '../test-support/ledger-rows-by-hand';
import { migrationsUpTo } from '../test-support/migrations-up-to';
import { openPglite } from './open-database';
import { rows } from './sql';

describe('migration 0011 (certificate numbers in the write)', () => {
  it('fills the numbers into answers stored with stand-ins, and leaves other numbers alone', async () => {
    const database = await openPglite(undefined);
    try {
      await migrate(database.db as never, { migrationsFolder: migrationsUpTo(10) });
      const { organization, common } = await organizationByHand(database.db);
      const alice = await holderByHand(database.db, organization.id, 'Alice');
      const [cert] = await rows<{ id: string }>(
        database.db,
        sql`insert into certificate (organization_id, number, holder_id, class_id, effective_date, balance, cost)
            values (${organization.id}, 7, ${alice.id}, ${common.id}, '2024-01-01', 10, 1)
            returning id`,
      );
      const standIn = '\u{E000}5f0c:';
      const stored = JSON.stringify({
        certificates: [{ number: -1, certificate: `${standIn}0` }],
        other: -12,
        list: [-1, -1],
      });
      await database.db.execute(
        sql`insert into idempotency_key
              (scope, key, request_hash, state, response_status, response_body, stand_in,
               pending_certificates)
            values ('user:x', 'k', 'h', 'done', 201, ${stored}, ${standIn},
                    ${sql.param([cert!.id])}::uuid[])`,
      );

      await database.migrate();

      const [after] = await rows<{ response_body: string }>(
        database.db,
        sql`select response_body from idempotency_key where key = 'k'`,
      );
      expect(JSON.parse(after!.response_body)).toEqual({
        certificates: [{ number: 7, certificate: 'CS-7' }],
        other: -12,
        list: [7, 7],
      });
    } finally {
      await database.close();
    }
  });
});
