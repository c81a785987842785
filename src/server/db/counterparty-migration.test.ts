// Migration 0014 keeps each transfer's counterparty on its transactions. The transfers posted
// before it get the counterparty the statement used to search for.
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { createHolder, createOrganization } from '../test-support/fixtures';
import { migrationsUpTo } from '../test-support/migrations-up-to';
import type { Db } from './database';
import { openPglite } from './database';
import { rows } from './sql';

async function certificate(
  db: Db,
  org: string,
  cls: string,
  holder: string,
  origin: string | null,
) {
  const [row] = await rows<{ id: string }>(
    db,
    sql`insert into certificate
          (organization_id, number, holder_id, class_id, effective_date, origin_certificate_id,
           balance, cost)
        values (${org}, (select coalesce(max(number), 0) + 1 from certificate), ${holder}, ${cls},
                '2024-01-01', ${origin}, 0, 1)
        returning id`,
  );
  return row!.id;
}

async function operation(db: Db, org: string, type: string) {
  const [row] = await rows<{ id: string }>(
    db,
    sql`insert into ledger_operation (organization_id, type, recorded_by)
        values (${org}, ${type}, 'test') returning id`,
  );
  return row!.id;
}

const entry = (
  db: Db,
  op: string,
  cert: string,
  type: string,
  shares: number,
  origin: string | null,
) =>
  db.execute(
    sql`insert into share_transaction
          (operation_id, certificate_id, preferred, origin_certificate_id, shares, type, date,
           recorded_by)
        values (${op}, ${cert}, false, ${origin}, ${shares}, ${type}, '2024-01-01', 'test')`,
  );

describe('migration 0014 (counterparty kept on the transaction)', () => {
  it('names the recipient on what was transferred, the sender on what was issued, nobody else', async () => {
    const database = await openPglite(undefined);
    try {
      const { db } = database;
      await migrate(db as never, { migrationsFolder: migrationsUpTo(13) });
      const { organization, common } = await createOrganization(db);
      const [alice, bob] = await Promise.all(
        ['Alice', 'Bob'].map((name) => createHolder(db, organization.id, { name })),
      );
      const a = await certificate(db, organization.id, common.id, alice!.id, null);
      await entry(db, await operation(db, organization.id, 'New Issue'), a, 'Issued', 10, null);
      const b = await certificate(db, organization.id, common.id, bob!.id, a);
      const transfer = await operation(db, organization.id, 'Transfer');
      await entry(db, transfer, a, 'Transferred', -4, null);
      await entry(db, transfer, b, 'Issued: transfer', 4, a);

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
