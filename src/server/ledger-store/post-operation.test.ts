import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { OperationInput } from '../../ledger';
import { useTestDatabase } from '../test-support/use-test-database';
import { createHolder, createOrganization } from '../test-support/fixtures';
import { ledgerInvariants } from './invariants';
import { postOperation } from './post-operation';
import { rows } from '../db/sql';

const database = useTestDatabase();

const actor = { userId: 'test-user', holderId: null };

async function setup() {
  const db = database.db;
  const { organization } = await createOrganization(db);
  const alice = await createHolder(db, organization.id, { name: 'Alice' });
  const bob = await createHolder(db, organization.id, { name: 'Bob' });
  const post = (input: Parameters<typeof postOperation>[1]['input']) =>
    database.ledgerTransaction((lt) =>
      postOperation(lt, { organizationId: organization.id, input, actor }),
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

  it.each<
    [string, (x: Awaited<ReturnType<typeof setup>> & { cs1: string }) => OperationInput, string]
  >([
    [
      'an unknown recipient',
      ({ alice, cs1 }) => ({
        type: 'Transfer',
        holderId: alice.id,
        toHolderId: randomUUID(),
        date: '2024-02-01',
        shares: '1',
        originCertificateIds: [cs1],
      }),
      'LEDGER.HOLDER_NOT_FOUND',
    ],
    [
      'more shares than the origin holds',
      ({ alice, bob, cs1 }) => ({
        type: 'Transfer',
        holderId: alice.id,
        toHolderId: bob.id,
        date: '2024-02-01',
        shares: '100.01',
        originCertificateIds: [cs1],
      }),
      'LEDGER.INSUFFICIENT_SHARES',
    ],
    [
      'a conversion dated before its origin',
      ({ alice, cs1 }) => ({
        type: 'Convert to Preferred',
        holderId: alice.id,
        date: '2023-12-31',
        shares: '1',
        originCertificateIds: [cs1],
      }),
      'LEDGER.DATE_BEFORE_ORIGIN',
    ],
    [
      "a cancellation of another holder's certificate",
      ({ bob, cs1 }) => ({
        type: 'Cancel',
        holderId: bob.id,
        date: '2024-02-01',
        shares: '1',
        reason: 'error',
        originCertificateIds: [cs1],
      }),
      'LEDGER.ORIGIN_NOT_OWNED',
    ],
  ])('writes nothing when the plan is refused: %s', async (_name, input, code) => {
    const context = await setup();
    const { db, organization, alice, post } = context;
    const issued = await post({
      type: 'New Issue',
      holderId: alice.id,
      date: '2024-01-01',
      shares: '100',
      cost: '1.50',
    });
    const cs1 = issued.certificates[0]!.id;
    const snapshot = async () =>
      (
        await rows<Record<string, string>>(
          db,
          sql`select (select count(*) from ledger_operation)::text as operations,
                     (select count(*) from certificate)::text as certificates,
                     (select count(*) from share_transaction)::text as transactions,
                     (select count(*) from audit_entry)::text as audit,
                     (select string_agg(id || '=' || balance || '/' || held_cost, ',' order by id)
                        from shareholder where organization_id = ${organization.id}) as holders,
                     (select string_agg(id || '=' || balance, ',' order by id)
                        from certificate where organization_id = ${organization.id}) as balances,
                     (select next_certificate_number from organization
                       where id = ${organization.id})::text as next_number`,
        )
      )[0];
    const before = await snapshot();
    expect(before).toMatchObject({
      operations: expect.stringMatching(/^[1-9]\d*$/),
      next_number: '2',
    });
    await expect(post(input({ ...context, cs1 }))).rejects.toMatchObject({ code });
    expect(await snapshot()).toEqual(before);
    expect(await ledgerInvariants(db)).toEqual([]);
  });
});
