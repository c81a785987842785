import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import { createTestDatabase } from '../test-support/test-database';
import { createHolder, createOrganization } from '../test-support/fixtures';
import { ledgerInvariants } from './invariants';
import { postOperation } from './post-operation';
import { runLedgerTransaction } from './run-ledger-transaction';
import { rows } from './sql';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const actor = { userId: 'test-user', holderId: null };

async function setup() {
  const db = database.db;
  const { organization } = await createOrganization(db);
  const alice = await createHolder(db, organization.id, { name: 'Alice' });
  const bob = await createHolder(db, organization.id, { name: 'Bob' });
  const post = (input: Parameters<typeof postOperation>[1]['input']) =>
    runLedgerTransaction(db, (tx) =>
      postOperation(tx, { organizationId: organization.id, input, actor }),
    );
  return { db, organization, alice, bob, post };
}

describe('postOperation', () => {
  it('issues, transfers from several origins, converts and cancels with kept figures in step', async () => {
    const { db, alice, bob, post } = await setup();
    const c1 = await post({
      type: 'New Issue',
      holderId: alice.id,
      date: '2024-01-02',
      shares: '100',
      cost: '1.00',
    });
    expect(c1.certificates[0]).toMatchObject({ number: 1, certificate: 'CS-1', balance: '100.00' });
    const c2 = await post({
      type: 'New Issue',
      holderId: alice.id,
      date: '2024-01-03',
      shares: '50',
      cost: '2.50',
    });
    const transfer = await post({
      type: 'Transfer',
      holderId: alice.id,
      toHolderId: bob.id,
      date: '2024-02-01',
      shares: '120',
      cost: '3',
      originCertificateIds: [c1.certificates[0]!.id, c2.certificates[0]!.id],
    });
    expect(transfer.certificates.map((c) => [c.certificate, c.balance, c.origin])).toEqual([
      ['CS-3', '100.00', 'CS-1'],
      ['CS-4', '20.00', 'CS-2'],
    ]);
    expect(transfer.transactions.map((t) => [t.type, t.shares])).toEqual([
      ['Transferred', '-100.00'],
      ['Issued: transfer', '100.00'],
      ['Transferred', '-20.00'],
      ['Issued: transfer', '20.00'],
    ]);
    const conversion = await post({
      type: 'Convert to Preferred',
      holderId: bob.id,
      date: '2024-03-01',
      shares: '10',
      originCertificateIds: [transfer.certificates[0]!.id],
    });
    expect(conversion.certificates[0]).toMatchObject({
      certificate: 'PS-5',
      classType: 'preferred',
    });
    await post({
      type: 'Cancel',
      holderId: alice.id,
      date: '2024-03-02',
      shares: '5',
      reason: 'repurchased',
      originCertificateIds: [c2.certificates[0]!.id],
    });
    const [a] = await rows<{ common_shares: string; balance: string; held_cost: string }>(
      db,
      sql`select common_shares::text, balance::text, held_cost::text from shareholder where id = ${alice.id}`,
    );
    expect(a).toEqual({ common_shares: '25.00', balance: '25.00', held_cost: '62.5000' });
    expect(await ledgerInvariants(db)).toEqual([]);
  });

  it('writes nothing when the plan is refused', async () => {
    const { db, alice, post } = await setup();
    await expect(
      post({
        type: 'Transfer',
        holderId: alice.id,
        toHolderId: randomUUID(),
        date: '2024-01-01',
        shares: '1',
        originCertificateIds: [randomUUID()],
      }),
    ).rejects.toMatchObject({ code: 'LEDGER.HOLDER_NOT_FOUND', field: 'toHolderId' });
    const [n] = await rows<{ n: string }>(
      db,
      sql`select count(*)::text as n from ledger_operation`,
    );
    expect(n).toBeDefined();
    expect(await ledgerInvariants(db)).toEqual([]);
  });
});
