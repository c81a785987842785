import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { appRateLimit, authLoginFailure } from '../db/schema';
import { authMessages } from '../../contract/auth';
import { AppError } from '../http/app-error';

/** The refusal of a caller over a limit, with how many seconds to wait (Retry-After). */
export const rateLimited = (retryAfter: number): AppError =>
  new AppError({ code: 'AUTH.RATE_LIMITED', message: authMessages.tooManyAttempts, retryAfter });

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

/** At most one "someone is guessing" mail to an account's owner an hour. */
export const GUESSING_NOTICE_RULE = { window: 3600, max: 1 };

/** Per account back-off: after 10 failures in 15 min, a delay of 1 s doubling up to 15 min. */
export const BACKOFF = { window: 15 * 60, freeFailures: 10, baseMs: 1000, maxMs: 15 * 60 * 1000 };

const accountKey = (email: string) => email.trim().toLowerCase();

/** Who attempts a sign-in: a known browser of the account (its device cookie), or an address. */
export type LoginClient = { device: string } | { address: string };
const clientKey = (client: LoginClient) =>
  'device' in client ? `device|${client.device}` : client.address;
const delayAfter = (failures: number) =>
  Math.min(BACKOFF.baseMs * 2 ** (failures - BACKOFF.freeFailures), BACKOFF.maxMs);

/**
 * Claims one sign-in attempt for an account before its password is checked, or answers how many
 * seconds it must still wait. The claim is recorded as a failure of this client at once, under a
 * per-account lock, so that parallel attempts each see the ones before them; a sign-in that
 * succeeds clears that client's failures (`clearLoginFailures`).
 *
 * The account's count slows guessing but never keeps the owner out (issue 23): once the account
 * has 10 failures in 15 min, an address that failed waits 1 s after its own last failure, 2 s
 * when the account has 11, 4 s at 12, ... up to 15 min; an address that has not failed is not
 * held back (its per-IP limit still is). A known browser is counted on its own failures alone.
 * Answers the failures of the account (of the browser, for one) with this attempt.
 */
export async function claimAccountAttempt(
  db: Db,
  email: string,
  client: LoginClient,
  now = Date.now(),
): Promise<{ wait: number } | { claimed: true; failures: number }> {
  const key = accountKey(email);
  const who = clientKey(client);
  const f = authLoginFailure;
  return db.transaction(async (tx) => {
    // Held until commit: the count and the insert below are one step for this account.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login|${key}`}, 0))`);
    const [agg] = await tx
      .select({
        account: sql<number>`count(*) filter (where ${f.client} is null or ${f.client} not like 'device|%')`,
        own: sql<number>`count(*) filter (where ${f.client} = ${who})`,
        ownLast: sql<string | Date | null>`max(${f.failedAt}) filter (where ${f.client} = ${who})`,
      })
      .from(f)
      .where(and(eq(f.email, key), gt(f.failedAt, new Date(now - BACKOFF.window * 1000))));
    const counted = Number('device' in client ? agg?.own : agg?.account);
    if (counted >= BACKOFF.freeFailures && agg?.ownLast) {
      const wait = new Date(agg.ownLast).getTime() + delayAfter(counted) - now;
      if (wait > 0) return { wait: Math.ceil(wait / 1000) };
    }
    await tx
      .insert(f)
      .values({ id: randomUUID(), email: key, client: who, failedAt: new Date(now) });
    return { claimed: true as const, failures: counted + 1 };
  });
}

/** Clears the account's failures: one client's (its sign-in succeeded), or all (a reset). */
export async function clearLoginFailures(
  db: Db,
  email: string,
  client?: LoginClient,
): Promise<void> {
  const account = eq(authLoginFailure.email, accountKey(email));
  await db
    .delete(authLoginFailure)
    .where(client ? and(account, eq(authLoginFailure.client, clientKey(client))) : account);
}
