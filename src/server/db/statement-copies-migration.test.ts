// Migration 0016 copies onto each transaction what a statement prints of its certificate and
// origin. The transactions written before it get them from their certificates' rows.
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

describe('migration 0016 (what a statement prints, kept on the transaction)', () => {
  it("copies each transaction's certificate holder, number, prefix and cost, and its origin's number and prefix", async () => {
    const database = await openPglite(undefined);
    try {
      const { db } = database;
      await migrate(db as never, { migrationsFolder: migrationsUpTo(15) });
      const { organization, common, preferred } = await organizationByHand(db);
      const [alice, bob] = await Promise.all(
        ['Alice', 'Bob'].map((name) => holderByHand(db, organization.id, name)),
      );
      const organizationId = organization.id;
      const a = await certificateByHand(db, [organizationId, common.id, alice!.id, null], '2.50');
      const b = await certificateByHand(db, [organizationId, common.id, bob!.id, a], '2.50');
      const c = await certificateByHand(db, [organizationId, preferred.id, bob!.id, b], '3.00');
      const issue = await operationByHand(db, organizationId, 'New Issue');
      await entryByHand(db, [issue, a, 'Issued', 10, null]);
      const transfer = await operationByHand(db, organizationId, 'Transfer');
      await entryByHand(db, [transfer, a, 'Transferred', -4, null], { counterparty: bob!.id });
      await entryByHand(db, [transfer, b, 'Issued: transfer', 4, a], { counterparty: alice!.id });
      const convert = await operationByHand(db, organizationId, 'Convert to Preferred');
      await entryByHand(db, [convert, b, 'Converted To Preferred', -4, null]);
      await entryByHand(db, [convert, c, 'Issued: preferred', 4, b], { preferred: true });

      await database.migrate();

      const after = await rows<Record<string, unknown>>(
        db,
        sql`select t.type, h.name as holder, t.certificate_number, t.certificate_prefix,
                   t.certificate_cost::text as certificate_cost, t.origin_number, t.origin_prefix
              from share_transaction t join shareholder h on h.id = t.holder_id
             order by t.transaction_order`,
      );
      expect(after.map((row) => Object.values(row))).toEqual([
        ['Issued', 'Alice', 1, 'CS-', '2.50', null, null],
        ['Transferred', 'Alice', 1, 'CS-', '2.50', null, null],
        ['Issued: transfer', 'Bob', 2, 'CS-', '2.50', 1, 'CS-'],
        ['Converted To Preferred', 'Bob', 2, 'CS-', '2.50', null, null],
        ['Issued: preferred', 'Bob', 3, 'PS-', '3.00', 2, 'CS-'],
      ]);
      const copyChecks = await rows(
        db,
        sql`select check_name from ledger_invariants() where check_name like 'transaction_%_copy'`,
      );
      expect(copyChecks).toEqual([]);
      // Still append-only afterwards.
      await expect(db.execute(sql`update share_transaction set notes = 'x'`)).rejects.toThrow();
    } finally {
      await database.close();
    }
  });
});
