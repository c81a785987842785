import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { authLoginFailure, authRateLimit } from '../db/schema';

/**
 * A fixed-window counter in auth_rate_limit (the table better-auth's own limiter uses, under
 * different keys). One atomic upsert: safe across requests and processes.
 * Returns the count in the current window and the seconds until the window ends.
 */
export async function hit(
  db: Db,
  key: string,
  windowSeconds: number,
  now = Date.now(),
): Promise<{ count: number; retryAfter: number }> {
  const windowMs = windowSeconds * 1000;
  const [row] = await db
    .insert(authRateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: authRateLimit.key,
      set: {
        count: sql`case when ${now} - ${authRateLimit.lastRequest} >= ${windowMs} then 1 else ${authRateLimit.count} + 1 end`,
        lastRequest: sql`case when ${now} - ${authRateLimit.lastRequest} >= ${windowMs} then ${now} else ${authRateLimit.lastRequest} end`,
      },
    })
    .returning({ count: authRateLimit.count, lastRequest: authRateLimit.lastRequest });
  const retryAfter = Math.max(1, Math.ceil((row!.lastRequest + windowMs - now) / 1000));
  return { count: row!.count, retryAfter };
}

/** The count in the current window without adding to it. */
export async function peek(
  db: Db,
  key: string,
  windowSeconds: number,
  now = Date.now(),
): Promise<{ count: number; retryAfter: number }> {
  const [row] = await db.select().from(authRateLimit).where(eq(authRateLimit.key, key));
  if (!row || now - row.lastRequest >= windowSeconds * 1000) return { count: 0, retryAfter: 0 };
  return {
    count: row.count,
    retryAfter: Math.max(1, Math.ceil((row.lastRequest + windowSeconds * 1000 - now) / 1000)),
  };
}

/** Per IP: at most 3 failed sign-ins in 10 s (better-auth's /sign-in rule; checklist AUTH-07). */
export const LOGIN_IP_RULE = { window: 10, max: 3 };
/** Per IP: at most 3 reset requests in 60 s (checklist RST-05). */
export const RESET_IP_RULE = { window: 60, max: 3 };
/** Per account: at most 5 reset mails an hour; past it the answer is the same but no mail. */
export const RESET_ACCOUNT_RULE = { window: 3600, max: 5 };

/** Per account back-off: after 10 failures in 15 min, a delay of 1 s doubling up to 15 min. */
export const BACKOFF = { window: 15 * 60, freeFailures: 10, baseMs: 1000, maxMs: 15 * 60 * 1000 };

/** Seconds the account must still wait before its next attempt (0: go ahead). */
export async function accountDelay(db: Db, email: string, now = Date.now()): Promise<number> {
  const since = new Date(now - BACKOFF.window * 1000);
  const key = email.trim().toLowerCase();
  const [agg] = await db
    .select({ n: count(), last: sql<string | Date | null>`max(${authLoginFailure.failedAt})` })
    .from(authLoginFailure)
    .where(and(eq(authLoginFailure.email, key), gt(authLoginFailure.failedAt, since)));
  const n = Number(agg?.n ?? 0);
  if (n < BACKOFF.freeFailures || !agg?.last) return 0;
  const delay = Math.min(BACKOFF.baseMs * 2 ** (n - BACKOFF.freeFailures), BACKOFF.maxMs);
  const wait = new Date(agg.last).getTime() + delay - now;
  return wait > 0 ? Math.ceil(wait / 1000) : 0;
}

export async function recordLoginFailure(db: Db, email: string, now = Date.now()): Promise<void> {
  await db
    .insert(authLoginFailure)
    .values({ id: randomUUID(), email: email.trim().toLowerCase(), failedAt: new Date(now) });
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(authLoginFailure).where(eq(authLoginFailure.email, email.trim().toLowerCase()));
}
