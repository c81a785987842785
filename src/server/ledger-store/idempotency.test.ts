import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test-support/use-test-database';
import { claimIdempotencyKey, completeIdempotencyKey, requestHash } from './idempotency';
import { verifyLedgerAtStartup } from './verify-at-startup';

// Checklist LED-08: keys are kept at least 24 h. The start-up purge drops them after 72 h.

const database = useTestDatabase();

const log = {
  info: () => undefined,
  fatal: () => undefined,
} as unknown as Parameters<typeof verifyLedgerAtStartup>[1];

/** A key answered `hoursAgo` hours ago, as the start-up purge will find it. */
async function answeredKey(hoursAgo: number) {
  const scope = `user:${randomUUID()}`;
  const key = randomUUID();
  const hash = requestHash({ Shares: '1', hoursAgo });
  expect(await claimIdempotencyKey(database.db, { scope, key, hash })).toEqual({
    kind: 'claimed',
  });
  const answer = { status: 201, body: { operationId: key } };
  await completeIdempotencyKey(database.db, { scope, key, answer });
  await database.db.execute(
    sql`update idempotency_key set created_at = now() - make_interval(hours => ${hoursAgo})
         where scope = ${scope} and key = ${key}`,
  );
  return { scope, key, hash, answer };
}

describe('idempotency keys are kept at least 24 h', () => {
  it('replays a key answered 25 h and 71 h ago after the start-up purge, and forgets one of 73 h', async () => {
    const day = await answeredKey(25);
    const almost = await answeredKey(71);
    const old = await answeredKey(73);

    await verifyLedgerAtStartup(database.db, log);

    for (const kept of [day, almost]) {
      expect(await claimIdempotencyKey(database.db, kept)).toEqual({
        kind: 'replay',
        answer: kept.answer,
      });
    }
    // Purged: the same key is a new request again.
    expect(await claimIdempotencyKey(database.db, old)).toEqual({ kind: 'claimed' });
  });
});
