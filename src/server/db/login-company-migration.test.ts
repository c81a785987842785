// Migration 0019 gives each login the company it belongs to: the one whose holder record of its
// e-mail came first. A record another company made later with the same e-mail does not count.
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { holderByHand, organizationByHand } from '../test-support/ledger-rows-by-hand';
import { migrationsUpTo } from '../test-support/migrations-up-to';
import { openPglite } from './open-database';
import { rows } from './sql';

describe('migration 0019 (a login belongs to its company)', () => {
  it('binds each login to the company that held its e-mail first, and none to a login nobody holds', async () => {
    const database = await openPglite(undefined);
    try {
      const { db } = database;
      await migrate(db as never, { migrationsFolder: migrationsUpTo(18) });
      // By hand: the schema of today has columns migration 18 does not.
      const a = (await organizationByHand(db, 'Alpha, Inc.')).organization.id;
      const b = (await organizationByHand(db, 'Beta, Inc.')).organization.id;
      await holderByHand(db, a, 'Alice', { email: 'alice@t.test' });
      await holderByHand(db, b, 'Alice in B', { email: 'ALICE@t.test', isAdmin: true });
      await holderByHand(db, b, 'Bea', { email: 'bea@t.test' });
      for (const [id, email] of [
        ['u-alice', 'alice@t.test'],
        ['u-bea', 'Bea@t.test'],
        ['u-nobody', 'nobody@t.test'],
      ])
        await db.execute(
          sql`insert into auth_user (id, name, email, email_verified) values (${id}, ${id}, ${email}, true)`,
        );

      await database.migrate();

      const bound = await rows<{ id: string; organization_id: string | null }>(
        db,
        sql`select id, organization_id from auth_user order by id`,
      );
      expect(bound).toEqual([
        { id: 'u-alice', organization_id: a },
        { id: 'u-bea', organization_id: b },
        { id: 'u-nobody', organization_id: null },
      ]);
    } finally {
      await database.close();
    }
  });
});
