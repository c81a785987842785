import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { appRateLimit, authLoginFailure } from '../db/schema';
import { authMessages } from '../../contract/auth';
import { AppError } from '../http/app-error';

/** The refusal of a caller over a limit, with how many seconds to wait (Retry-After). */
export const rateLimited = (retryAfter: number): AppError =>
  new AppError('AUTH.RATE_LIMITED', authMessages.tooManyAttempts, undefined, undefined, retryAfter);

/**
 * A fixed-window counter in app_rate_limit, a table no other code sweeps (better-auth's limiter
 * deletes old rows of its own). One atomic upsert: safe across requests and processes.
 * Returns the count in the current window, when that window started and the seconds until it ends.
 */
export async function hit(
  db: Db,
  key: string,
  windowSeconds: number,
  now = Date.now(),
): Promise<{ count: number; retryAfter: number; windowStart: number }> {
  const windowMs = windowSeconds * 1000;
  const [row] = await db
    .insert(appRateLimit)
    .values({ key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: appRateLimit.key,
      set: {
        count: sql`case when ${now} - ${appRateLimit.lastRequest} >= ${windowMs} then 1 else ${appRateLimit.count} + 1 end`,
        lastRequest: sql`case when ${now} - ${appRateLimit.lastRequest} >= ${windowMs} then ${now} else ${appRateLimit.lastRequest} end`,
      },
    })
    .returning({ count: appRateLimit.count, lastRequest: appRateLimit.lastRequest });
  // Parallel requests read the clock before their upsert: one may find a window another opened a
  // few ms "later" than its own now. Never announce more than the window itself.
  const retryAfter = Math.min(
    windowSeconds,
    Math.max(1, Math.ceil((row!.lastRequest + windowMs - now) / 1000)),
  );
  return { count: row!.count, retryAfter, windowStart: row!.lastRequest };
}

/**
 * Gives back one count taken by `hit` in the same window (a sign-in that succeeded is not held
 * against its IP). A window that has since restarted is left alone.
 */
export async function unhit(db: Db, key: string, windowStart: number): Promise<void> {
  await db
    .update(appRateLimit)
    .set({ count: sql`${appRateLimit.count} - 1` })
    .where(
      and(
        eq(appRateLimit.key, key),
        eq(appRateLimit.lastRequest, windowStart),
        gt(appRateLimit.count, 0),
      ),
    );
}

/**
 * Per IP: at most 3 sign-in attempts in flight or failed in 10 s (better-auth's /sign-in rule;
 * checklist AUTH-07). Each attempt is counted before the password is checked; a success gives
 * its count back.
 */
export const LOGIN_IP_RULE = { window: 10, max: 3 };
/** Per IP: at most 3 reset requests in 60 s (checklist RST-05). */
export const RESET_IP_RULE = { window: 60, max: 3 };
/** Per account: at most 5 reset mails an hour; past it the answer is the same but no mail. */
export const RESET_ACCOUNT_RULE = { window: 3600, max: 5 };

/** Per account back-off: after 10 failures in 15 min, a delay of 1 s doubling up to 15 min. */
export const BACKOFF = { window: 15 * 60, freeFailures: 10, baseMs: 1000, maxMs: 15 * 60 * 1000 };

const accountKey = (email: string) => email.trim().toLowerCase();

/**
 * Claims one sign-in attempt for an account before its password is checked, or answers how many
 * seconds it must still wait. The claim is recorded as a failure at once, under a per-account
 * lock, so that parallel attempts each see the ones before them; a sign-in that succeeds clears
 * the account's failures (`clearLoginFailures`). After 10 failures in 15 min, the next attempt
 * waits 1 s after the last one, then 2 s, 4 s, ... up to 15 min: never a lock-out.
 */
export async function claimAccountAttempt(
  db: Db,
  email: string,
  now = Date.now(),
): Promise<{ wait: number } | { claimed: true; failures: number }> {
  const key = accountKey(email);
  const since = new Date(now - BACKOFF.window * 1000);
  return db.transaction(async (tx) => {
    // Held until commit: the count and the insert below are one step for this account.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login|${key}`}, 0))`);
    const [agg] = await tx
      .select({ n: count(), last: sql<string | Date | null>`max(${authLoginFailure.failedAt})` })
      .from(authLoginFailure)
      .where(and(eq(authLoginFailure.email, key), gt(authLoginFailure.failedAt, since)));
    const n = Number(agg?.n ?? 0);
    if (n >= BACKOFF.freeFailures && agg?.last) {
      const delay = Math.min(BACKOFF.baseMs * 2 ** (n - BACKOFF.freeFailures), BACKOFF.maxMs);
      const wait = new Date(agg.last).getTime() + delay - now;
      if (wait > 0) return { wait: Math.ceil(wait / 1000) };
    }
    await tx
      .insert(authLoginFailure)
      .values({ id: randomUUID(), email: key, failedAt: new Date(now) });
    return { claimed: true as const, failures: n + 1 };
  });
}

export async function clearLoginFailures(db: Db, email: string): Promise<void> {
  await db.delete(authLoginFailure).where(eq(authLoginFailure.email, accountKey(email)));
}
