import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHolder, createOrganization, signInAs } from '../test-support/fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createTestDatabase, testDatabaseKind } from '../test-support/test-database';
import { ledgerInvariants } from './invariants';
import { rows } from './sql';
import { poster } from './test-scenario';

// Checklist LED-06/07/08: concurrent one-share transfers out of one certificate, 10 % of them
// sent twice with the same Idempotency-Key. Full size against PostgreSQL (CI sets
// TEST_DATABASE_URL); a tenth of it on PGlite, which runs one statement at a time anyway.
const FULL = testDatabaseKind() === 'postgres';
const TRANSFERS = FULL ? 1000 : 100;
const SHARES = FULL ? 500 : 50;
const DUPLICATES = TRANSFERS / 10;

let t: TestApp;
beforeAll(async () => {
  const database = await createTestDatabase();
  if (database.pool) {
    // 1,100 requests queue for 10 connections: let them wait for one rather than fail fast
    // with 503 (that fail-fast is DUR-04's behaviour, tested elsewhere).
    database.pool.options.connectionTimeoutMillis = 60_000;
    database.pool.options.max = 20;
  }
  t = await createTestApp({ database });
});
afterAll(() => t.close());

describe('storm', () => {
  it(`${TRANSFERS} concurrent one-share transfers out of a ${SHARES}-share certificate`, async () => {
    const db = t.database.db;
    const { organization } = await createOrganization(db, 'Storm, Inc.');
    const admin = await createHolder(db, organization.id, {
      name: 'Storm Admin',
      email: `storm-admin-${randomUUID()}@example.test`,
      isAdmin: true,
    });
    const sender = await createHolder(db, organization.id, { name: 'Sender' });
    const recipients: Array<{ id: string }> = [];
    for (let i = 0; i < 10; i++) {
      recipients.push(await createHolder(db, organization.id, { name: `Recipient ${i}` }));
    }
    const issued = await poster(
      db,
      organization.id,
    )({
      type: 'New Issue',
      holderId: sender.id,
      date: '2024-01-01',
      shares: String(SHARES),
      cost: '1.00',
    });
    const origin = issued.certificates[0]!.id;
    const headers = await signInAs(t, admin.email!);

    const requests = Array.from({ length: TRANSFERS }, (_, i) => ({
      key: `storm-${i}-${randomUUID()}`,
      body: {
        ShareholderId: sender.id,
        DestinationShareholderId: recipients[i % recipients.length]!.id,
        ShareDate: '2024-02-01',
        Shares: '1',
        Cost: '2.00',
        Type: 'Transfer',
        Origin: [origin],
      },
    }));
    const send = (r: (typeof requests)[number]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/transactions',
        headers: { ...headers, 'idempotency-key': r.key },
        payload: r.body,
      });
    const duplicated = requests.filter((_, i) => i % 10 === 3);
    expect(duplicated).toHaveLength(DUPLICATES);
    const [firsts, seconds] = await Promise.all([
      Promise.all(requests.map(send)),
      Promise.all(duplicated.map(send)),
    ]);

    // The answer of each key: whichever of its requests was not turned away as in flight.
    const answers = new Map<string, { status: number; body: unknown }>();
    const all = [
      ...firsts.map((res, i) => [requests[i]!.key, res] as const),
      ...seconds.map((res, i) => [duplicated[i]!.key, res] as const),
    ];
    for (const [key, res] of all) {
      const body: unknown = res.json();
      if (res.statusCode === 409 && (body as { code?: string }).code === 'IDEMPOTENCY.IN_FLIGHT') {
        continue;
      }
      const known = answers.get(key);
      if (known) expect({ status: res.statusCode, body }).toEqual(known);
      else answers.set(key, { status: res.statusCode, body });
    }
    expect(answers.size).toBe(TRANSFERS);
    const statuses = [...answers.values()];
    expect(statuses.filter((a) => a.status === 201)).toHaveLength(SHARES);
    const refused = statuses.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(TRANSFERS - SHARES);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect((r.body as { code: string }).code).toBe('LEDGER.INSUFFICIENT_SHARES');
    }

    // Every duplicate, sent again now, returns its key's first answer with no second effect.
    const replays = await Promise.all(duplicated.map(send));
    replays.forEach((res, i) => {
      expect({ status: res.statusCode, body: res.json<unknown>() }).toEqual(
        answers.get(duplicated[i]!.key),
      );
    });

    const [counts] = await rows<{ transfers: number; balance: string; received: string }>(
      db,
      sql`select (select count(*)::int from share_transaction t join certificate c on c.id = t.certificate_id
                   where c.organization_id = ${organization.id} and t.type = 'Transferred') as transfers,
                 (select balance::text from certificate where id = ${origin}) as balance,
                 (select sum(balance)::text from shareholder where organization_id = ${organization.id}
                     and id <> ${sender.id}) as received`,
    );
    expect(counts).toEqual({ transfers: SHARES, balance: '0.00', received: `${SHARES}.00` });
    expect(await ledgerInvariants(db)).toEqual([]);
  }, 300_000);
});
