import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RecordTransactionResponse } from '../../../contract/ledger';
import { rows } from '../../ledger-store/sql';
import { expectLedgerSound, ledgerScenario } from '../../ledger-store/test-scenario';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let s: Awaited<ReturnType<typeof ledgerScenario>>;
beforeAll(async () => {
  t = await createTestApp();
  s = await ledgerScenario(t);
});
afterAll(() => t.close());
afterEach(() => expectLedgerSound(t.database.db));

const post = (
  headers: Record<string, string>,
  payload: unknown,
  key: string | null = randomUUID(),
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/transactions',
    headers: { ...headers, ...(key === null ? {} : { 'idempotency-key': key }) },
    payload: payload as Record<string, unknown>,
  });

const operations = async () =>
  Number(
    (await rows<{ n: string }>(s.db, sql`select count(*)::text as n from ledger_operation`))[0]!.n,
  );

describe('POST /api/v1/transactions', () => {
  it('records a New Issue for an administrator and answers the created certificate', async () => {
    const res = await post(s.as.admin, {
      ShareholderId: s.carol.id,
      ShareDate: '2024-01-15',
      Shares: '25.50',
      Cost: '4.10',
      Type: 'New Issue',
      Notes: 'seed round',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.type).toBe('New Issue');
    expect(body.certificates).toEqual([
      expect.objectContaining({
        certificate: 'CS-4',
        holderId: s.carol.id,
        holderName: 'Carol',
        balance: '25.50',
        cost: '4.10',
        classType: 'common',
        origin: null,
      }),
    ]);
    expect(body.transactions).toEqual([
      expect.objectContaining({
        type: 'Issued',
        shares: '25.50',
        cost: '4.10',
        date: '2024-01-15',
      }),
    ]);
  });

  it('transfers from several origins in the order given', async () => {
    const res = await post(s.as.admin, {
      ShareholderId: s.alice.id,
      DestinationShareholderId: s.bob.id,
      ShareDate: '2024-02-01',
      Shares: '110',
      Cost: '2',
      Type: 'Transfer',
      Origin: [s.certificates.cs1, s.certificates.cs2],
    });
    expect(res.statusCode).toBe(201);
    expect(
      res.json<RecordTransactionResponse>().transactions.map((x) => [x.type, x.shares]),
    ).toEqual([
      ['Transferred', '-100.00'],
      ['Issued: transfer', '100.00'],
      ['Transferred', '-10.00'],
      ['Issued: transfer', '10.00'],
    ]);
  });

  it('refuses a shareholder (403) and an anonymous caller (401), writing nothing', async () => {
    const before = await operations();
    const body = {
      ShareholderId: s.alice.id,
      ShareDate: '2024-01-01',
      Shares: '1',
      Type: 'New Issue',
    };
    expect((await post(s.as.alice, body)).statusCode).toBe(403);
    expect((await post({}, body)).statusCode).toBe(401);
    expect((await post(s.as.nobody, body)).statusCode).toBe(403);
    expect(await operations()).toBe(before);
  });

  it.each([
    [{ Shares: '1.234' }, 'Shares'],
    [{ Shares: '-5' }, 'Shares'],
    [{ ShareDate: '2024-02-30' }, 'ShareDate'],
    [{ Type: 'Gift' }, 'Type'],
    [{ ShareholderId: 'not-a-uuid' }, 'ShareholderId'],
    [{ Cost: '1e3' }, 'Cost'],
  ])('answers 400 naming the field for %o', async (change, field) => {
    const res = await post(s.as.admin, {
      ShareholderId: s.carol.id,
      ShareDate: '2024-01-01',
      Shares: '1',
      Type: 'New Issue',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'HTTP.VALIDATION', field });
  });

  it('answers 400 for an unknown field such as a balance', async () => {
    const res = await post(s.as.admin, {
      ShareholderId: s.carol.id,
      ShareDate: '2024-01-01',
      Shares: '1',
      Type: 'New Issue',
      Balance: '1000000',
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers a ledger refusal with its code and field (422 / 409)', async () => {
    const noRecipient = await post(s.as.admin, {
      ShareholderId: s.bob.id,
      ShareDate: '2024-03-01',
      Shares: '1',
      Type: 'Transfer',
      Origin: [s.certificates.cs3],
    });
    expect(noRecipient.statusCode).toBe(422);
    expect(noRecipient.json()).toMatchObject({
      code: 'LEDGER.RECIPIENT_REQUIRED',
      field: 'toHolderId',
    });
    const tooMany = await post(s.as.admin, {
      ShareholderId: s.bob.id,
      DestinationShareholderId: s.carol.id,
      ShareDate: '2024-03-01',
      Shares: '1000',
      Type: 'Transfer',
      Origin: [s.certificates.cs3],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ code: 'LEDGER.INSUFFICIENT_SHARES', field: 'shares' });
    const notOwned = await post(s.as.admin, {
      ShareholderId: s.carol.id,
      ShareDate: '2024-03-01',
      Shares: '1',
      Type: 'Cancel',
      Reason: 'error',
      Origin: [s.certificates.cs3],
    });
    expect(notOwned.json()).toMatchObject({ code: 'LEDGER.ORIGIN_NOT_OWNED', field: 'origins' });
  });
});

describe('Idempotency-Key', () => {
  const issue = (shares: string) => ({
    ShareholderId: s.carol.id,
    ShareDate: '2024-04-01',
    Shares: shares,
    Type: 'New Issue' as const,
  });

  it('answers 400 when the key is missing, writing nothing', async () => {
    const before = await operations();
    const res = await post(s.as.admin, issue('1'), null);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY.KEY_REQUIRED' });
    expect(await operations()).toBe(before);
  });

  it('replays the stored answer for the same key and body, with no second effect', async () => {
    const key = randomUUID();
    const first = await post(s.as.admin, issue('7'), key);
    const before = await operations();
    const again = await post(s.as.admin, issue('7'), key);
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await operations()).toBe(before);
  });

  it('answers 422 for the same key with another body', async () => {
    const key = randomUUID();
    expect((await post(s.as.admin, issue('8'), key)).statusCode).toBe(201);
    const res = await post(s.as.admin, issue('9'), key);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY.KEY_REUSED' });
  });

  it('answers 409 while the key is in flight', async () => {
    const key = randomUUID();
    const adminUser = (
      await rows<{ id: string }>(
        s.db,
        sql`select id from auth_user where lower(email) = lower(${s.admin.email})`,
      )
    )[0]!.id;
    const { requestHash } = await import('../../ledger-store/idempotency');
    const body = { ...issue('10'), Origin: [] };
    await s.db.execute(
      sql`insert into idempotency_key (scope, key, request_hash, state, locked_until)
          values (${`user:${adminUser}`}, ${key}, ${requestHash(body)}, 'in_flight', now() + interval '1 minute')`,
    );
    const res = await post(s.as.admin, issue('10'), key);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY.IN_FLIGHT' });
  });

  it('stores a refusal and replays it even after the balance has grown', async () => {
    const key = randomUUID();
    const transfer = {
      ShareholderId: s.bob.id,
      DestinationShareholderId: s.carol.id,
      ShareDate: '2024-05-01',
      Shares: '500',
      Type: 'Transfer',
      Origin: [s.certificates.cs3],
    };
    const first = await post(s.as.admin, transfer, key);
    expect(first.statusCode).toBe(409);
    // Would now succeed if it ran again; the stored refusal is what the key answers.
    const more = await post(s.as.admin, {
      ShareholderId: s.bob.id,
      ShareDate: '2023-07-01',
      Shares: '1000',
      Type: 'New Issue',
    });
    expect(more.statusCode).toBe(201);
    const again = await post(s.as.admin, transfer, key);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(first.json());
  });

  it('scopes keys by user: another administrator may use the same key', async () => {
    const key = randomUUID();
    expect((await post(s.as.admin, issue('11'), key)).statusCode).toBe(201);
    const { createHolder, signInAs } = await import('../../test-support/fixtures');
    const other = await createHolder(s.db, s.organization.id, {
      name: 'Second Admin',
      email: `admin2-${key}@example.test`,
      isAdmin: true,
    });
    const res = await post(await signInAs(t, other.email!), issue('12'), key);
    expect(res.statusCode).toBe(201);
  });
});
