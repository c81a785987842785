import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../../ledger';
import { organization } from '../../db/schema';
import { rows } from '../../db/sql';
import { createHolder, signInAs } from '../../test-support/fixtures';
import { useLedgerApp } from '../../test-support/use-ledger-scenario';

import { operationCount, transactionPoster } from '../../test-support/transaction-poster';

const { t, s } = useLedgerApp();

const post = transactionPoster(t);
const operations = () => operationCount(t);

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

  it.each([
    ['blank', '   ', 'IDEMPOTENCY.KEY_REQUIRED'],
    ['too long', 'k'.repeat(256), 'IDEMPOTENCY.KEY_INVALID'],
    ['with a space inside', 'two words', 'IDEMPOTENCY.KEY_INVALID'],
  ])('answers 400 naming Idempotency-Key when the key is %s', async (_, key, code) => {
    const before = await operations();
    const res = await post(s.as.admin, issue('1'), key);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, field: 'Idempotency-Key' });
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
    // The claim is the other request's: it stays, and nothing was posted under it.
    const kept = await rows<{ state: string; operations: string }>(
      s.db,
      sql`select state, (select count(*) from ledger_operation where idempotency_key = ${key})::text as operations
            from idempotency_key where key = ${key}`,
    );
    expect(kept).toEqual([{ state: 'in_flight', operations: '0' }]);
  });

  it('stores a refusal and replays it after its cause has gone, while a fresh key succeeds', async () => {
    const dora = await createHolder(s.db, s.organization.id, { name: 'Dora', active: false });
    const key = randomUUID();
    const transfer = {
      ShareholderId: s.bob.id,
      DestinationShareholderId: dora.id,
      ShareDate: '2024-05-01',
      Shares: '1',
      Type: 'Transfer',
      Origin: [s.certificates.cs3],
    };
    const first = await post(s.as.admin, transfer, key);
    expect(first.statusCode).toBe(422);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const refusal = {
      code: 'LEDGER.RECIPIENT_INACTIVE',
      message: 'The receiving shareholder is not active.',
      field: 'DestinationShareholderId',
    };
    expect(first.json()).toEqual(refusal);

    // The cause goes away: the same request would now be accepted.
    await s.db.execute(sql`update shareholder set active = true where id = ${dora.id}`);
    const before = await operations();
    const again = await post(s.as.admin, transfer, key);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual(refusal);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await operations()).toBe(before);

    const fresh = await post(s.as.admin, transfer, randomUUID());
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(await operations()).toBe(before + 1);
  });

  it("takes 'today' in the company's time zone, whichever side of midnight UTC is on", async () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC-11) are 25 hours apart: at any instant their dates
    // differ, so Kiritimati's today is always a future date in Pago Pago.
    const ahead = todayIn('Pacific/Kiritimati');
    const issue = () =>
      post(s.as.admin, {
        ShareholderId: s.alice.id,
        ShareDate: ahead,
        Shares: '1',
        Cost: '1',
        Type: 'New Issue',
      });
    const zone = (timeZone: string) =>
      s.db.update(organization).set({ timeZone }).where(eq(organization.id, s.organization.id));
    try {
      await zone('Pacific/Pago_Pago');
      const refused = await issue();
      expect(refused.json()).toMatchObject({
        code: 'LEDGER.DATE_IN_FUTURE',
        field: 'ShareDate',
        details: { today: todayIn('Pacific/Pago_Pago') },
      });
      await zone('Pacific/Kiritimati');
      expect((await issue()).statusCode).toBe(201);
      const directory = await t.app.inject({
        method: 'GET',
        url: '/api/v1/shareholders',
        headers: s.as.admin,
      });
      expect(directory.json<{ asOf: string }>().asOf).toBe(ahead);
    } finally {
      await zone('America/New_York');
    }
  });

  it('replays a stored refusal byte for byte (LED-08), details in their first order', async () => {
    const key = randomUUID();
    const transfer = {
      ShareholderId: s.bob.id,
      DestinationShareholderId: s.carol.id,
      ShareDate: '2024-05-01',
      Shares: 1_000_000,
      Type: 'Transfer',
      Origin: [s.certificates.cs3],
    };
    const first = await post(s.as.admin, transfer, key);
    expect(first.json()).toMatchObject({ code: 'LEDGER.INSUFFICIENT_SHARES' });
    expect(Object.keys(first.json<{ details: object }>().details)).toEqual([
      'requested',
      'available',
    ]);
    const again = await post(s.as.admin, transfer, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
  });

  it('scopes keys by user: another administrator may use the same key', async () => {
    const key = randomUUID();
    expect((await post(s.as.admin, issue('11'), key)).statusCode).toBe(201);
    const other = await createHolder(s.db, s.organization.id, {
      name: 'Second Admin',
      email: `admin2-${key}@example.test`,
      isAdmin: true,
    });
    const res = await post(await signInAs(t, other.email!), issue('12'), key);
    expect(res.statusCode).toBe(201);
  });
});

describe('database failures while posting', () => {
  // A fault injected by the database itself: inserting a transaction whose notes are listed in
  // `injected_fault` raises that SQLSTATE, in the middle of the operation's writes (balances,
  // audit entry, certificate numbers), which the rollback must undo. The sequence counts the
  // attempts (a rollback does not undo nextval).
  beforeAll(async () => {
    for (const statement of [
      `create table injected_fault (notes text primary key, code text not null)`,
      `create sequence injected_attempts`,
      `create function inject_fault() returns trigger language plpgsql as $$
       declare wanted text;
       begin
         select code into wanted from injected_fault where notes = new.notes;
         if wanted is not null then
           perform nextval('injected_attempts');
           raise exception 'injected: select secret_column from share_transaction where id = %', new.id
             using errcode = wanted;
         end if;
         return new;
       end $$`,
      `create trigger inject_fault before insert on share_transaction
         for each row execute function inject_fault()`,
    ]) {
      await s.db.execute(sql.raw(statement));
    }
  });

  const counts = async () =>
    (
      await rows<Record<string, string>>(
        s.db,
        sql`select (select count(*) from ledger_operation)::text as operations,
                   (select count(*) from certificate)::text as certificates,
                   (select count(*) from share_transaction)::text as transactions,
                   (select count(*) from audit_entry)::text as audit,
                   (select sum(balance) from shareholder)::text as held,
                   (select next_certificate_number from organization
                     where id = ${s.organization.id})::text as next_number`,
      )
    )[0];
  const attempts = async () =>
    Number(
      (
        await rows<{ n: string }>(
          s.db,
          sql`select (case when is_called then last_value else 0 end)::text as n
                from injected_attempts`,
        )
      )[0]!.n,
    );
  const keyRows = async (key: string) =>
    Number(
      (
        await rows<{ n: string }>(
          s.db,
          sql`select count(*)::text as n from idempotency_key where key = ${key}`,
        )
      )[0]!.n,
    );

  it.each(['40001', '40P01'])(
    'retries %s at most 5 times, then answers 503 DB.BUSY with nothing written and the key released',
    async (code) => {
      const notes = `fault ${code}`;
      await s.db.execute(sql`insert into injected_fault values (${notes}, ${code})`);
      const body = {
        ShareholderId: s.alice.id,
        DestinationShareholderId: s.carol.id,
        ShareDate: '2024-06-01',
        Shares: '1',
        Type: 'Transfer',
        Origin: [s.certificates.cs2],
        Notes: notes,
      };
      const key = randomUUID();
      const before = await counts();
      const attemptsBefore = await attempts();
      const res = await post(s.as.admin, body, key);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 'DB.BUSY',
        message: 'The ledger is busy. Nothing was recorded; please try again.',
        details: { attempts: '5' },
      });
      expect(res.headers['retry-after']).toBe('5');
      expect((await attempts()) - attemptsBefore).toBe(5);
      expect(await counts()).toEqual(before);
      expect(await keyRows(key)).toBe(0);

      // Once the database recovers, the same key runs the operation: it was not stored.
      await s.db.execute(sql`delete from injected_fault where notes = ${notes}`);
      const retried = await post(s.as.admin, body, key);
      expect(retried.statusCode).toBe(201);
      expect(retried.headers['idempotent-replayed']).toBeUndefined();
      expect(Number((await counts())!.operations)).toBe(Number(before!.operations) + 1);
    },
  );

  it('answers any other database error with a generic {code, message} only (INJ-08)', async () => {
    const notes = 'fault XX000';
    await s.db.execute(sql`insert into injected_fault values (${notes}, 'XX000')`);
    const key = randomUUID();
    const before = await counts();
    const res = await post(
      s.as.admin,
      {
        ShareholderId: s.carol.id,
        ShareDate: '2024-06-01',
        Shares: '3',
        Type: 'New Issue',
        Notes: notes,
      },
      key,
    );
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(res.body).not.toMatch(/select|secret|share_transaction|injected|at \w+ \(/i);
    expect(await counts()).toEqual(before);
    expect(await keyRows(key)).toBe(0);
    // The details went to the log, for the operator.
    expect(JSON.stringify(t.logs)).toContain('injected: select secret_column');
  });

  it('posts concurrent transfers taking the same two certificates in opposite orders, without a deadlock escaping', async () => {
    const erin = await createHolder(s.db, s.organization.id, { name: 'Erin' });
    const issue = (shares: string) =>
      s.post({ type: 'New Issue', holderId: erin.id, date: '2024-01-01', shares });
    const a = (await issue('100')).certificates[0]!.id;
    const b = (await issue('100')).certificates[0]!.id;
    const send = (origins: string[]) =>
      post(s.as.admin, {
        ShareholderId: erin.id,
        DestinationShareholderId: s.bob.id,
        ShareDate: '2024-06-01',
        Shares: '2.50',
        Type: 'Transfer',
        Origin: origins,
      });
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => send(i % 2 === 0 ? [a, b] : [b, a])),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 201));
    const [left] = await rows<{ total: string }>(
      s.db,
      sql`select sum(balance)::text as total from certificate where id in (${a}, ${b})`,
    );
    expect(left!.total).toBe('50.00');
  });
});
