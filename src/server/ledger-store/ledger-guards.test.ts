import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createHolder, createOrganization } from '../test-support/fixtures';
import { transactionByHand } from '../test-support/ledger-rows-by-hand';
import { createTestDatabase } from '../test-support/test-database';
import { useTestDatabase } from '../test-support/use-test-database';
import { ledgerInvariants } from './invariants';
import { verifyLedgerAtStartup } from './verify-at-startup';
import { rows } from '../db/sql';
import { poster } from '../test-support/ledger-scenario';

const database = useTestDatabase();

async function smallLedger() {
  const db = database.db;
  const { organization } = await createOrganization(db);
  const alice = await createHolder(db, organization.id, { name: 'Alice' });
  const bob = await createHolder(db, organization.id, { name: 'Bob' });
  const post = poster(database, organization.id);
  const issued = await post({
    type: 'New Issue',
    holderId: alice.id,
    date: '2024-01-01',
    shares: '100',
    cost: '1',
  });
  const transfer = await post({
    type: 'Transfer',
    holderId: alice.id,
    toHolderId: bob.id,
    date: '2024-01-02',
    shares: '40',
    originCertificateIds: [issued.certificates[0]!.id],
  });
  const violations = async () =>
    (await ledgerInvariants(db)).filter((v) => v.organization_id === organization.id);
  return { db, organization, alice, bob, issued, transfer, violations };
}

describe('append-only ledger tables (LED-05)', () => {
  it.each([
    'update share_transaction set shares = 1',
    'delete from share_transaction',
    'truncate share_transaction cascade',
    "update ledger_operation set type = 'Cancel'",
    'delete from ledger_operation',
    'truncate ledger_operation cascade',
    "update audit_entry set reason = 'rewritten'",
    'delete from audit_entry',
    'truncate audit_entry',
  ])('refuses: %s', async (statement) => {
    const { db } = await smallLedger();
    const count = async () =>
      (
        await rows<{ n: number }>(
          db,
          sql`select (select count(*) from share_transaction) + (select count(*) from ledger_operation)
                 + (select count(*) from audit_entry) as n`,
        )
      )[0]!.n;
    const before = await count();
    const error: unknown = await db.execute(sql.raw(statement)).then(
      () => null,
      (e: unknown) => e,
    );
    const cause = (error as { cause?: { message?: string } } | null)?.cause;
    expect(cause?.message ?? String(error)).toMatch(/append-only/);
    expect(await count()).toBe(before);
  });
});

describe('CHECK (balance >= 0) on the kept balances (LED-02)', () => {
  /** The driver's error under drizzle's wrapper: SQLSTATE and the constraint that refused. */
  const refusal = async (statement: ReturnType<typeof sql>) => {
    const error: unknown = await database.db.execute(statement).then(
      () => null,
      (e: unknown) => e,
    );
    const cause = (error as { cause?: { code?: string; constraint?: string } } | null)?.cause;
    return { code: cause?.code, constraint: cause?.constraint };
  };

  it.each<[string, (l: Awaited<ReturnType<typeof smallLedger>>) => ReturnType<typeof sql>, string]>(
    [
      [
        'a certificate balance below 0',
        ({ issued }) =>
          sql`update certificate set balance = -0.01 where id = ${issued.certificates[0]!.id}`,
        'certificate_balance_nonneg',
      ],
      [
        "a holder's common shares below 0",
        ({ bob }) =>
          sql`update shareholder set common_shares = -1, balance = -1 + preferred_shares
               where id = ${bob.id}`,
        'shareholder_common_nonneg',
      ],
      [
        "a holder's preferred shares below 0",
        ({ bob }) =>
          sql`update shareholder set preferred_shares = -1, balance = common_shares - 1
               where id = ${bob.id}`,
        'shareholder_preferred_nonneg',
      ],
    ],
  )(
    'refuses %s with SQLSTATE 23514 from its CHECK, changing nothing',
    async (_name, update, constraint) => {
      const ledger = await smallLedger();
      const kept = () =>
        rows<{ balances: string }>(
          ledger.db,
          sql`select (select string_agg(balance::text, ',' order by id) from certificate
                     where organization_id = ${ledger.organization.id})
                   || ' / ' ||
                   (select string_agg(common_shares || ':' || preferred_shares, ',' order by id)
                      from shareholder where organization_id = ${ledger.organization.id})
                   as balances`,
        );
      const before = await kept();
      expect(await refusal(update(ledger))).toEqual({ code: '23514', constraint });
      expect(await kept()).toEqual(before);
      expect(await ledger.violations()).toEqual([]);
    },
  );

  it('refuses a transfer row without its counterparty, and a counterparty on any other row', async () => {
    const { organization, bob, issued } = await smallLedger();
    const [op] = await rows<{ id: string }>(
      database.db,
      sql`insert into ledger_operation (organization_id, type, recorded_by)
          values (${organization.id}, 'Transfer', 'intruder') returning id`,
    );
    const row = (type: string, counterparty: string | null) =>
      transactionByHand({
        operationId: op!.id,
        certificateId: issued.certificates[0]!.id,
        counterpartyHolderId: counterparty,
        shares: -1,
        type,
      });
    const constraint = 'share_transaction_counterparty_check';
    expect(await refusal(row('Transferred', null))).toEqual({ code: '23514', constraint });
    expect(await refusal(row('Cancelled', bob.id))).toEqual({ code: '23514', constraint });
  });

  it('refuses a transaction with an origin and no copy of it, or a copy and no origin', async () => {
    const { organization, issued } = await smallLedger();
    const [op] = await rows<{ id: string }>(
      database.db,
      sql`insert into ledger_operation (organization_id, type, recorded_by)
          values (${organization.id}, 'New Issue', 'intruder') returning id`,
    );
    const certificateId = issued.certificates[0]!.id;
    const row = (origin: string | null, originNumber: number | null) =>
      sql`insert into share_transaction
            (operation_id, certificate_id, preferred, origin_certificate_id, shares, type, date,
             recorded_by, holder_id, certificate_number, certificate_prefix, certificate_cost,
             origin_number, origin_prefix)
          select ${op!.id}::uuid, c.id, false, ${origin}::uuid, 1, 'Issued', '2024-02-01',
                 'intruder', c.holder_id, c.number, 'CS-', c.cost, ${originNumber}::int, 'CS-'
            from certificate c where c.id = ${certificateId}`;
    const constraint = 'share_transaction_origin_copy';
    expect(await refusal(row(certificateId, null))).toEqual({ code: '23514', constraint });
    expect(await refusal(row(null, 1))).toEqual({ code: '23514', constraint });
  });
});

describe('ledger_invariants() (LED-12)', () => {
  it('is empty for a sound ledger', async () => {
    const { violations } = await smallLedger();
    expect(await violations()).toEqual([]);
  });

  it('reports a certificate whose kept balance drifted from its transactions', async () => {
    const { db, issued, violations } = await smallLedger();
    await db.execute(
      sql`update certificate set balance = balance + 1 where id = ${issued.certificates[0]!.id}`,
    );
    expect(await violations()).toEqual([
      expect.objectContaining({
        check_name: 'certificate_drift',
        entity_id: issued.certificates[0]!.id,
      }),
    ]);
  });

  it('reports a holder whose kept figures drifted, and the broken class total; ', async () => {
    const { db, bob, violations } = await smallLedger();
    await db.execute(
      sql`update shareholder set common_shares = common_shares + 5, balance = balance + 5 where id = ${bob.id}`,
    );
    const found = await violations();
    expect(found.map((v) => v.check_name).sort()).toEqual(['class_conservation', 'holder_drift']);
  });

  it('reports transactions without an audit entry and unbalanced operations', async () => {
    const { db, organization, bob, transfer, violations } = await smallLedger();
    const [op] = await rows<{ id: string }>(
      db,
      sql`insert into ledger_operation (organization_id, type, recorded_by)
          values (${organization.id}, 'Transfer', 'intruder') returning id`,
    );
    await db.execute(
      transactionByHand({
        operationId: op!.id,
        certificateId: transfer.certificates[0]!.id,
        counterpartyHolderId: bob.id,
        shares: 1,
        type: 'Issued: transfer',
      }),
    );
    const names = (await violations()).map((v) => v.check_name).sort();
    expect(names).toEqual([
      'certificate_drift',
      'holder_drift',
      'operation_unbalanced',
      'transaction_without_audit',
    ]);
  });

  it('reports transactions whose copy of their certificate or origin disagrees with it (migration 0016)', async () => {
    const { db, organization, transfer, violations } = await smallLedger();
    expect(await violations()).toEqual([]);
    await db.execute(
      sql`update share_class set prefix = 'X-' where organization_id = ${organization.id}`,
    );
    const found = await violations();
    expect(found.map((v) => v.check_name).sort()).toEqual([
      'transaction_certificate_copy',
      'transaction_certificate_copy',
      'transaction_origin_copy',
    ]);
    const issuedByTransfer = transfer.transactions.find((t) => t.type === 'Issued: transfer')!;
    expect(found.find((v) => v.check_name === 'transaction_origin_copy')).toMatchObject({
      entity_id: issuedByTransfer.id,
      detail: 'origin copied as CS-1, origin is X-1',
    });
  });

  it('reports a negative balance even where the CHECK was bypassed', async () => {
    const { db, bob, violations } = await smallLedger();
    await db.execute(sql`alter table shareholder drop constraint shareholder_common_nonneg`);
    try {
      await db.execute(
        sql`update shareholder set common_shares = -1, balance = -1 where id = ${bob.id}`,
      );
      expect((await violations()).map((v) => v.check_name)).toContain('holder_negative');
    } finally {
      await db.execute(
        sql`update shareholder set common_shares = 40, balance = 40 where id = ${bob.id}`,
      );
      await db.execute(
        sql`alter table shareholder add constraint shareholder_common_nonneg check (common_shares >= 0)`,
      );
    }
  });
});

describe('start-up check', () => {
  it('logs every violation loudly, and nothing once the ledger is sound', async () => {
    const own = await createTestDatabase();
    try {
      const db = own.db;
      const { organization } = await createOrganization(db);
      const bob = await createHolder(db, organization.id, { name: 'Bob' });
      await poster(
        own,
        organization.id,
      )({
        type: 'New Issue',
        holderId: bob.id,
        date: '2024-01-01',
        shares: '10',
      });
      const lines: string[] = [];
      const log = {
        info: () => undefined,
        fatal: (_obj: unknown, msg: string) => lines.push(msg),
      } as unknown as Parameters<typeof verifyLedgerAtStartup>[1];
      expect(await verifyLedgerAtStartup(db, log)).toBe(0);
      await db.execute(
        sql`update shareholder set common_shares = 15, balance = 15 where id = ${bob.id}`,
      );
      expect(await verifyLedgerAtStartup(db, log)).toBe(2);
      expect(lines.at(-1)).toMatch(/LEDGER INVARIANTS VIOLATED: 2 row/);
    } finally {
      await own.close();
    }
  });
});
