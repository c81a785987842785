import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { certificate, organization as organizationTable } from '../db/schema';
import { createHolder, createOrganization } from '../test-support/fixtures';
import { createTestDatabase, testDatabaseKind } from '../test-support/test-database';
import { claimIdempotencyKey } from './idempotency';
import { ledgerInvariants } from './invariants';
import { postOperation, postedWithNumbers } from './post-operation';
import { runLedgerTransaction } from './run-ledger-transaction';
import { rows } from './sql';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const actor = { userId: 'numbers-test', holderId: null };

async function setup() {
  const db = database.db;
  const { organization } = await createOrganization(db);
  const alice = await createHolder(db, organization.id, { name: 'Alice' });
  const bob = await createHolder(db, organization.id, { name: 'Bob' });
  const issue = (shares: string) =>
    ({ type: 'New Issue', holderId: alice.id, date: '2024-01-01', shares, cost: '1' }) as const;
  const numbersOf = async () =>
    (
      await rows<{ number: number }>(
        db,
        sql`select number from certificate where organization_id = ${organization.id}
             order by number`,
      )
    ).map((r) => r.number);
  /** The names of the invariants this organization breaks. */
  const violations = async () =>
    (await ledgerInvariants(db))
      .filter((v) => v.organization_id === organization.id)
      .map((v) => v.check_name);
  return { db, organization, alice, bob, issue, numbersOf, violations };
}

describe('certificate numbers taken at commit', () => {
  it('are sequential in commit order, also for several operations in one transaction', async () => {
    const { db, organization, alice, bob, issue, numbersOf } = await setup();
    const [first, second] = await runLedgerTransaction(db, async (tx) => {
      const a = await postOperation(tx, {
        organizationId: organization.id,
        input: issue('10'),
        actor,
      });
      // Inside the transaction the new certificate has only its stand-in.
      const [inside] = await rows<{ number: number }>(
        tx,
        sql`select number from certificate where id = ${a.certificates[0]!.id}`,
      );
      expect(inside!.number).toBeLessThan(0);
      const b = await postOperation(tx, {
        organizationId: organization.id,
        input: {
          type: 'Transfer',
          holderId: alice.id,
          toHolderId: bob.id,
          date: '2024-01-02',
          shares: '4',
          originCertificateIds: [a.certificates[0]!.id],
        },
        actor,
      });
      return [a, b];
    });
    const a = await postedWithNumbers(db, first);
    const b = await postedWithNumbers(db, second);
    expect(a.certificates.map((c) => [c.number, c.certificate])).toEqual([[1, 'CS-1']]);
    expect(b.certificates.map((c) => [c.number, c.certificate, c.origin])).toEqual([
      [2, 'CS-2', 'CS-1'],
    ]);
    expect(b.transactions.map((t) => [t.type, t.certificate])).toEqual([
      ['Transferred', 'CS-1'],
      ['Issued: transfer', 'CS-2'],
    ]);
    expect(await numbersOf()).toEqual([1, 2]);
    const [org] = await db
      .select({ next: organizationTable.nextCertificateNumber })
      .from(organizationTable)
      .where(eq(organizationTable.id, organization.id));
    expect(org!.next).toBe(3);
  });

  it('are not used up by a transaction that rolls back', async () => {
    const { db, organization, issue, numbersOf, violations } = await setup();
    await expect(
      runLedgerTransaction(db, async (tx) => {
        await postOperation(tx, { organizationId: organization.id, input: issue('5'), actor });
        throw new Error('rolled back after posting');
      }),
    ).rejects.toThrow('rolled back after posting');
    const posted = await postedWithNumbers(
      db,
      await runLedgerTransaction(db, (tx) =>
        postOperation(tx, { organizationId: organization.id, input: issue('5'), actor }),
      ),
    );
    expect(posted.certificates[0]!.number).toBe(1);
    expect(await numbersOf()).toEqual([1]);
    expect(await violations()).toEqual([]);
  });

  it('come back in the answer of an operation that ends its transaction, in creation order', async () => {
    const { db, organization, alice, bob, issue, numbersOf, violations } = await setup();
    const first = await postedWithNumbers(
      db,
      await runLedgerTransaction(db, (tx) =>
        postOperation(tx, { organizationId: organization.id, input: issue('5'), actor }),
      ),
    );
    const claimed = { scope: `numbers-test:${organization.id}`, key: 'k', hash: 'h' };
    expect(await claimIdempotencyKey(db, claimed)).toEqual({ kind: 'claimed' });
    // On PostgreSQL the write statement numbers the certificates itself (pipelined with
    // COMMIT), no stand-in taken; on PGlite the commit does. Either way the answer is numbered.
    const standIns = async () =>
      rows(db, sql`select last_value::text as last, is_called from certificate_number_stand_in`);
    const standInsBefore = await standIns();
    const ending = await postedWithNumbers(
      db,
      await runLedgerTransaction(db, (tx) =>
        postOperation(tx, {
          organizationId: organization.id,
          input: {
            type: 'Transfer',
            holderId: alice.id,
            toHolderId: bob.id,
            date: '2024-01-02',
            shares: '2',
            cost: '1',
            originCertificateIds: [first.certificates[0]!.id],
          },
          actor,
          commit: true,
          answer: { ...claimed, status: 201, body: (p) => p.certificates },
        }),
      ),
    );
    if (testDatabaseKind() === 'postgres') expect(await standIns()).toEqual(standInsBefore);
    else expect(await standIns()).not.toEqual(standInsBefore);
    expect(ending.certificates.map((c) => [c.number, c.certificate, c.origin])).toEqual([
      [2, 'CS-2', 'CS-1'],
    ]);
    // The stored answer, filled in as a replay fills it, says the same.
    expect(ending.storedBody).toEqual([
      expect.objectContaining({ number: 2, certificate: 'CS-2' }),
    ]);
    const later = await postedWithNumbers(
      db,
      await runLedgerTransaction(db, (tx) =>
        postOperation(tx, { organizationId: organization.id, input: issue('1'), actor }),
      ),
    );
    expect(later.certificates[0]!.number).toBe(3);
    expect(await numbersOf()).toEqual([1, 2, 3]);
    expect(await violations()).toEqual([]);
  });

  it('ledger_invariants() reports a gap, a duplicate-free renumbering or a missing number', async () => {
    const { db, organization, issue, violations } = await setup();
    for (const shares of ['1', '2', '3'])
      await runLedgerTransaction(db, (tx) =>
        postOperation(tx, { organizationId: organization.id, input: issue(shares), actor }),
      );
    expect(await violations()).toEqual([]);
    const renumber = (from: number, to: number) =>
      db
        .update(certificate)
        .set({ number: to })
        .where(
          sql`${certificate.organizationId} = ${organization.id} and ${certificate.number} = ${from}`,
        );
    await renumber(3, 7);
    expect(await violations()).toEqual(['certificate_numbers_not_sequential']);
    await renumber(7, -1);
    expect((await violations()).sort()).toEqual([
      'certificate_numbers_not_sequential',
      'certificate_unnumbered',
    ]);
    await renumber(-1, 3);
    expect(await violations()).toEqual([]);
  });
});
