import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/database';
import type { Database } from '../db/open-database';
import { createHolder, createOrganization, signInAs } from './fixtures';
import type { TestApp } from './test-app';
import { ledgerInvariants } from '../ledger-store/invariants';
import { rows } from '../db/sql';
import { poster } from './ledger-scenario';

/** Test setup for the storms: a sender holding one certificate of `shares`, and 10 recipients. */
export async function stormLedger(database: Database, shares: number, name = 'Storm, Inc.') {
  const db = database.db;
  const { organization } = await createOrganization(db, name);
  const sender = await createHolder(db, organization.id, { name: 'Sender' });
  const recipients: string[] = [];
  for (let i = 0; i < 10; i++) {
    recipients.push((await createHolder(db, organization.id, { name: `Recipient ${i}` })).id);
  }
  const issued = await poster(
    database,
    organization.id,
  )({
    type: 'New Issue',
    holderId: sender.id,
    date: '2024-01-01',
    shares: String(shares),
    cost: '1.00',
  });
  return {
    organizationId: organization.id,
    senderId: sender.id,
    recipients,
    origin: issued.certificates[0]!.id,
  };
}

/**
 * What a storm left behind, read from the database: the checks of LED-01/02/06/07 are
 * assertions on these figures.
 */
export async function stormVerdict(db: Db, s: { organizationId: string; origin: string }) {
  const [figures] = await rows<{
    transfers: number;
    origin_kept: string;
    origin_from_transactions: string;
    received_kept: string;
    received_from_transactions: string;
  }>(
    db,
    sql`select (select count(*)::int from share_transaction t
                 where t.certificate_id = ${s.origin} and t.type = 'Transferred') as transfers,
               (select balance::text from certificate where id = ${s.origin}) as origin_kept,
               (select coalesce(sum(shares), 0)::text from share_transaction
                 where certificate_id = ${s.origin}) as origin_from_transactions,
               (select coalesce(sum(balance), 0)::text from certificate
                 where origin_certificate_id = ${s.origin}) as received_kept,
               (select coalesce(sum(t.shares), 0)::text from share_transaction t
                 where t.origin_certificate_id = ${s.origin} and t.type = 'Issued: transfer')
                 as received_from_transactions`,
  );
  const violations = (await ledgerInvariants(db)).filter(
    (v) => v.organization_id === s.organizationId,
  );
  return {
    transfers: figures!.transfers,
    originKept: figures!.origin_kept,
    originFromTransactions: figures!.origin_from_transactions,
    receivedKept: figures!.received_kept,
    receivedFromTransactions: figures!.received_from_transactions,
    violations: [...new Set(violations.map((v) => v.check_name))].sort(),
  };
}

/**
 * The verdict of a sound storm that emptied its origin in `transfers` transfers, `shares` shares
 * in all: the origin's kept balance and its journal at nothing, what the recipients received
 * kept and journaled alike, no invariant broken.
 */
export const soundStormVerdict = (transfers: number, shares: number) => ({
  transfers,
  originKept: '0.00',
  originFromTransactions: '0.00',
  receivedKept: `${shares}.00`,
  receivedFromTransactions: `${shares}.00`,
  violations: [],
});

interface Answer {
  status: number;
  body: { code?: string };
}

/**
 * Sends `transfers` concurrent transfers of `each` shares out of a certificate of `shares`,
 * every `duplicateEvery`-th one a second time at once with the same key, then each duplicate a
 * third time once the storm is over. Checks that every key has one answer (its duplicates got
 * it too, or were turned away as in flight), and returns the answers and what the database holds.
 */
export async function apiStorm(
  t: TestApp,
  opts: {
    transfers: number;
    shares: number;
    each: number;
    duplicateEvery?: number;
  },
) {
  const db = t.database.db;
  const s = await stormLedger(t.database, opts.shares, `Storm ${randomUUID().slice(0, 8)}, Inc.`);
  const admin = await createHolder(db, s.organizationId, {
    name: 'Storm Admin',
    email: `storm-admin-${randomUUID()}@example.test`,
    isAdmin: true,
  });
  const headers = await signInAs(t, admin.email!);
  const requests = Array.from({ length: opts.transfers }, (_, i) => ({
    key: `storm-${i}-${randomUUID()}`,
    body: {
      ShareholderId: s.senderId,
      DestinationShareholderId: s.recipients[i % s.recipients.length]!,
      ShareDate: '2024-02-01',
      Shares: String(opts.each),
      Cost: '2.00',
      Type: 'Transfer',
      Origin: [s.origin],
    },
  }));
  const send = (r: (typeof requests)[number]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/transactions',
      headers: { ...headers, 'idempotency-key': r.key },
      payload: r.body,
    });
  const every = opts.duplicateEvery;
  const duplicated = every === undefined ? [] : requests.filter((_, i) => i % every === 3);
  const [firsts, seconds] = await Promise.all([
    Promise.all(requests.map(send)),
    Promise.all(duplicated.map(send)),
  ]);

  // The answer of each key: whichever of its requests was not turned away as in flight.
  const answers = new Map<string, Answer>();
  const all = [
    ...firsts.map((res, i) => [requests[i]!.key, res] as const),
    ...seconds.map((res, i) => [duplicated[i]!.key, res] as const),
  ];
  for (const [key, res] of all) {
    const answer: Answer = { status: res.statusCode, body: res.json() };
    if (answer.status === 409 && answer.body.code === 'IDEMPOTENCY.IN_FLIGHT') continue;
    const known = answers.get(key);
    if (known) expect(answer).toEqual(known);
    else answers.set(key, answer);
  }
  expect(answers.size).toBe(opts.transfers);

  // Every duplicate, sent again now, returns its key's first answer with no second effect.
  const replays = await Promise.all(duplicated.map(send));
  replays.forEach((res, i) => {
    expect({ status: res.statusCode, body: res.json<unknown>() }).toEqual(
      answers.get(duplicated[i]!.key),
    );
    expect(res.headers['idempotent-replayed']).toBe('true');
  });
  return {
    answers: [...answers.values()],
    duplicates: duplicated.length,
    ...(await stormVerdict(db, s)),
  };
}

export const refusedAsInsufficient = (answers: Answer[]) =>
  answers.filter((a) => a.status === 409 && a.body.code === 'LEDGER.INSUFFICIENT_SHARES').length;
