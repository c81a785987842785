import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { certificate, organization as organizationTable } from '../db/schema';
import { createHolder, createOrganization } from '../test-support/fixtures';
import { useTestDatabase } from '../test-support/use-test-database';
import { claimIdempotencyKey } from './idempotency';
import { ledgerInvariants } from './invariants';
import { postOperation } from './post-operation';
import { rows } from '../db/sql';

const database = useTestDatabase();

const actor = { userId: 'numbers-test', holderId: null };
const HOSTILE = '"\u{E000}n0" :-1, "\u{E000}l0" CS-9';

async function setup() {
  const db = database.db;
  const { organization } = await createOrganization(db);
  const alice = await createHolder(db, organization.id, { name: 'Alice' });
  const bob = await createHolder(db, organization.id, { name: 'Bob' });
  const issue = (shares: string) =>
    ({ type: 'New Issue', holderId: alice.id, date: '2024-01-01', shares, cost: '1' }) as const;
  /** Alice's transfer to Bob of `shares` out of certificate `from`. */
  const transfer = (shares: string, from: string, cost?: string) =>
    ({
      type: 'Transfer',
      holderId: alice.id,
      toHolderId: bob.id,
      date: '2024-01-02',
      shares,
      cost,
      originCertificateIds: [from],
    }) as const;
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
  return { db, organization, issue, transfer, numbersOf, violations };
}

describe('certificate numbers taken by the write statement', () => {
  it('are sequential in creation order, also for several operations in one transaction', async () => {
    const { db, organization, issue, transfer, numbersOf } = await setup();
    const [a, b] = await database.ledgerTransaction(async (lt) => {
      const first = await postOperation(lt, {
        organizationId: organization.id,
        input: issue('10'),
        actor,
      });
      // Numbered as written: inside the transaction the certificate already has its number.
      const [inside] = await rows<{ number: number }>(
        lt.tx,
        sql`select number from certificate where id = ${first.certificates[0]!.id}`,
      );
      expect(inside!.number).toBe(1);
      const second = await postOperation(lt, {
        organizationId: organization.id,
        input: transfer('4', first.certificates[0]!.id),
        actor,
      });
      return [first, second];
    });
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
    const { organization, issue, numbersOf, violations } = await setup();
    await expect(
      database.ledgerTransaction(async (lt) => {
        await postOperation(lt, { organizationId: organization.id, input: issue('5'), actor });
        throw new Error('rolled back after posting');
      }),
    ).rejects.toThrow('rolled back after posting');
    const posted = await database.ledgerTransaction((lt) =>
      postOperation(lt, { organizationId: organization.id, input: issue('5'), actor }),
    );
    expect(posted.certificates[0]!.number).toBe(1);
    expect(await numbersOf()).toEqual([1]);
    expect(await violations()).toEqual([]);
  });

  it('are in the stored answer, which a replay reads back exactly', async () => {
    const { db, organization, issue, transfer, numbersOf, violations } = await setup();
    const first = await database.ledgerTransaction((lt) =>
      postOperation(lt, { organizationId: organization.id, input: issue('5'), actor }),
    );
    const claimed = { scope: `numbers-test:${organization.id}`, key: 'k', hash: 'h' };
    expect(await claimIdempotencyKey(db, claimed)).toEqual({ kind: 'claimed' });
    const ending = await database.ledgerTransaction((lt) =>
      postOperation(lt, {
        organizationId: organization.id,
        input: transfer('2', first.certificates[0]!.id, '1'),
        actor,
        commit: true,
        // Text that looks like a number's place in the answer stays text.
        answer: { ...claimed, status: 201, body: (p) => ({ ...p, note: HOSTILE }) },
      }),
    );
    expect(ending.certificates.map((c) => [c.number, c.certificate, c.origin])).toEqual([
      [2, 'CS-2', 'CS-1'],
    ]);
    const { storedBody, ...posted } = ending;
    expect(storedBody).toEqual({ ...posted, note: HOSTILE });
    const replay = await claimIdempotencyKey(db, claimed);
    expect(replay).toEqual({ kind: 'replay', answer: { status: 201, body: storedBody } });
    const later = await database.ledgerTransaction((lt) =>
      postOperation(lt, { organizationId: organization.id, input: issue('1'), actor }),
    );
    expect(later.certificates[0]!.number).toBe(3);
    expect(await numbersOf()).toEqual([1, 2, 3]);
    expect(await violations()).toEqual([]);
  });

  it('leave no commit-time trigger or stand-in sequence behind (migration 0011)', async () => {
    const left = await rows(
      database.db,
      sql`select tgname as name from pg_trigger where tgname = 'certificate_number_at_commit'
          union all
          select relname from pg_class where relname = 'certificate_number_stand_in'`,
    );
    expect(left).toEqual([]);
  });

  it('ledger_invariants() reports a gap, a duplicate-free renumbering or a missing number, and the transactions that still print the old one', async () => {
    const { db, organization, issue, violations } = await setup();
    for (const shares of ['1', '2', '3'])
      await database.ledgerTransaction((lt) =>
        postOperation(lt, { organizationId: organization.id, input: issue(shares), actor }),
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
    expect((await violations()).sort()).toEqual([
      'certificate_numbers_not_sequential',
      'transaction_certificate_copy',
    ]);
    await renumber(7, -1);
    expect((await violations()).sort()).toEqual([
      'certificate_numbers_not_sequential',
      'certificate_unnumbered',
      'transaction_certificate_copy',
    ]);
    await renumber(-1, 3);
    expect(await violations()).toEqual([]);
  });
});
