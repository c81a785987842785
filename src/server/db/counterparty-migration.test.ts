// Migration 0014 keeps each transfer's counterparty on its transactions. The transfers posted
// before it get the counterparty the statement used to search for.
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import {
  certificateByHand,
  entryByHand,
  holderByHand,
  operationByHand,
  organizationByHand,
} from '../test-support/ledger-rows-by-hand';
import { migrationsUpTo } from '../test-support/migrations-up-to';
import { openPglite } from './open-database';
import { rows } from './sql';

describe('migration 0014 (counterparty kept on the transaction)', () => {
  it('names the recipient on what was transferred, the sender on what was issued, nobody else', async () => {
    const database = await openPglite(undefined);
    try {
      const { db } = database;
      await migrate(db as never, { migrationsFolder: migrationsUpTo(13) });
      const { organization, common } = await organizationByHand(db);
      const [alice, bob] = await Promise.all(
        ['Alice', 'Bob'].map((name) => holderByHand(db, organization.id, name)),
      );
      const certificate = (holderId: string, origin: string | null) =>
        certificateByHand(db, [organization.id, common.id, holderId, origin]);
      const a = await certificate(alice!.id, null);
      const issue = await operationByHand(db, organization.id, 'New Issue');
      await entryByHand(db, [issue, a, 'Issued', 10, null]);
      const b = await certificate(bob!.id, a);
      const transfer = await operationByHand(db, organization.id, 'Transfer');
      await entryByHand(db, [transfer, a, 'Transferred', -4, null]);
      await entryByHand(db, [transfer, b, 'Issued: transfer', 4, a]);

      await database.migrate();

      const after = await rows<{ type: string; counterparty: string | null }>(
        db,
        sql`select t.type, h.name as counterparty
              from share_transaction t left join shareholder h on h.id = t.counterparty_holder_id
             order by t.transaction_order`,
      );
      expect(after).toEqual([
        { type: 'Issued', counterparty: null },
        { type: 'Transferred', counterparty: 'Bob' },
        { type: 'Issued: transfer', counterparty: 'Alice' },
      ]);
      // Still append-only afterwards.
      await expect(db.execute(sql`update share_transaction set notes = 'x'`)).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
