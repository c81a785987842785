// Migration 0017 keeps the count of holders of record (listed, with shares) beside the listed
// holders. An organization that had holders before it gets its count from their rows.
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { holderByHand, organizationByHand } from '../test-support/ledger-rows-by-hand';
import { migrationsUpTo } from '../test-support/migrations-up-to';
import { openPglite } from './open-database';
import { rows } from './sql';

describe('migration 0017 (holders of record kept)', () => {
  it('counts the listed holders with shares of every organization already there', async () => {
    const database = await openPglite(undefined);
    try {
      const { db } = database;
      await migrate(db as never, { migrationsFolder: migrationsUpTo(16) });
      const { organization } = await organizationByHand(db);
      const holders = await Promise.all(
        ['Alice', 'Bob', 'Carol', 'Dora'].map((name) => holderByHand(db, organization.id, name)),
      );
      const [alice, bob, , dora] = holders;
      // Figures as the ledger keeps them; Dora holds shares but is no longer active.
      await db.execute(
        sql`update shareholder set common_shares = 10, balance = 10
             where id in (${alice!.id}, ${bob!.id}, ${dora!.id})`,
      );
      await db.execute(sql`update shareholder set active = false where id = ${dora!.id}`);

      await database.migrate();

      const [kept] = await rows<{ listed_holders: number; holders_of_record: number }>(
        db,
        sql`select listed_holders, holders_of_record from organization
             where id = ${organization.id}`,
      );
      expect(kept).toEqual({ listed_holders: 3, holders_of_record: 2 });
    } finally {
      await database.close();
    }
  }, 60_000);
});
