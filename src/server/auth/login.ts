import { accountMail } from '../mail/account-mail';
import { randomUUID } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authMessages, type TokenPair } from '../../contract/auth';
import { logAuthEvent } from './auth-events';
import { hasSessionCookie } from './cookies';
import { copyHeaders, toHeaders } from './http-bridge';
import { deviceCookie, trustedDevice } from './device-cookie';
import {
  BACKOFF,
  claimAccountAttempt,
  clearLoginFailures,
  GUESSING_NOTICE_RULE,
  hit,
  LOGIN_IP_RULE,
  rateLimited,
  unhit,
  type LoginClient,
} from './rate-limit';
import { authSession, authUser } from '../db/schema';
import { AppError } from '../http/app-error';
import type { AuthFeatureDeps } from './auth-deps';
import { issueTokens, REFRESH_FAMILY_TTL } from './tokens';
import { upgradePasswordHash } from './upgrade-password-hash';

export const FAILURE_FLOOR_MS = 200;

/**
 * POST /auth/login: e-mail and password through better-auth, the session cookie for the browser
 * and a bearer/refresh pair for API clients. Unknown e-mail and wrong password answer the same
 * (better-auth hashes on the unknown path too). Per IP: 3 failures in 10 s, then 429. Per
 * account: after 10 failures in 15 min, a doubling delay for each client that failed (never a
 * lock-out, never the owner held back by others' guesses). Both count the
 * attempt before the password is checked (AUTH-07): parallel guesses cannot all slip through
 * while the first ones are still being verified.
 */
export async function login(
  deps: AuthFeatureDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { username: string; password: string },
): Promise<TokenPair> {
  const started = performance.now();
  const email = input.username.trim().toLowerCase();
  const attempt = await countAttempt(deps, request, email);
  try {
    return await signIn(deps, request, reply, { ...attempt, email, password: input.password });
  } catch (e) {
    if (!(e instanceof APIError)) throw e;
    return refuse(deps, request, { email, started, reason: String(e.body?.code ?? e.status) });
  }
}

interface Attempt {
  ipKey: string;
  ipWindow: number;
  /** Who attempts: the account's known browser, or the address (rate-limit.ts). */
  client: LoginClient;
  secret: string;
}

/**
 * Counts the attempt per IP and per account before the password is checked; over a limit it is
 * refused (429). A browser that signed in to this account before is limited on its own (device
 * cookie); any other client by its own failures, for as long as the account's count says (an
 * attacker keeping the count full holds back the addresses that guess, never a new client).
 */
async function countAttempt(
  deps: AuthFeatureDeps,
  request: FastifyRequest,
  email: string,
): Promise<Attempt> {
  const ipKey = `login-ip|${request.ip}`;
  const perIp = await hit(deps.db, ipKey, LOGIN_IP_RULE.window);
  if (perIp.count > LOGIN_IP_RULE.max) {
    logAuthEvent(request, 'auth.login.rate_limited', { email, reason: 'ip' }, 'warn');
    throw rateLimited(perIp.retryAfter);
  }
  const secret = deps.config.sessionSecret ?? '';
  const device = trustedDevice(secret, request.headers.cookie, email);
  const client: LoginClient = device ? { device } : { address: request.ip };
  const claim = await claimAccountAttempt(deps.db, email, client);
  if ('wait' in claim) {
    const reason = device ? 'device' : 'account';
    logAuthEvent(request, 'auth.login.rate_limited', { email, reason }, 'warn');
    throw rateLimited(claim.wait);
  }
  if (!device && claim.failures >= BACKOFF.freeFailures && claim.failures % 10 === 0)
    await noticeGuessing(deps, request, email, claim.failures);
  return { ipKey, ipWindow: perIp.windowStart, client, secret };
}

/**
 * Sustained guessing (every 10th failure of the account in the back-off window): a log line, and
 * the owner told by e-mail, at most once an hour, that their account is being guessed at.
 */
async function noticeGuessing(
  deps: AuthFeatureDeps,
  request: FastifyRequest,
  email: string,
  failures: number,
): Promise<void> {
  logAuthEvent(request, 'auth.sustained_guessing', { email, failures }, 'warn');
  const [owner] = await deps.db
    .select({ email: authUser.email })
    .from(authUser)
    .where(sql`lower(${authUser.email}) = ${email}`);
  if (!owner) return;
  const { count } = await hit(deps.db, `guessing-notice|${email}`, GUESSING_NOTICE_RULE.window);
  if (count > GUESSING_NOTICE_RULE.max) return;
  deps.mailer.enqueue(
    accountMail(deps, owner.email, {
      kind: 'sustained-guessing',
      failures,
      minutes: BACKOFF.window / 60,
    }),
  );
}

/** The password checked by better-auth; on success the counts are undone and tokens issued. */
async function signIn(
  deps: AuthFeatureDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  attempt: Attempt & { email: string; password: string },
): Promise<TokenPair> {
  const { auth, db } = deps;
  const headers = toHeaders(request);
  const previous = hasSessionCookie(request.headers.cookie)
    ? await auth.api.getSession({ headers, query: { disableRefresh: true } }).catch(() => null)
    : null;
  const signedIn = await auth.api.signInEmail({
    body: { email: attempt.email, password: attempt.password },
    headers,
    returnHeaders: true,
  });
  copyHeaders(signedIn.headers, reply);
  const userId = signedIn.response.user.id;
  await clearLoginFailures(db, attempt.email, attempt.client);
  const secure = deps.config.publicUrl.startsWith('https:');
  void reply.header('set-cookie', deviceCookie(attempt.secret, attempt.email, secure));
  await unhit(db, attempt.ipKey, attempt.ipWindow);
  await upgradePasswordHash(deps, userId, attempt.password);
  // A new token at every sign-in; the one held before is ended (SES-02).
  if (previous) await db.delete(authSession).where(eq(authSession.id, previous.session.id));
  // The pair belongs to this sign-in: logging out of the browser ends it too (SES-04).
  const [browser] = await db
    .select({ id: authSession.id })
    .from(authSession)
    .where(eq(authSession.token, signedIn.response.token));
  const tokens = await issueTokens(db, userId, {
    id: randomUUID(),
    expiresAt: new Date(Date.now() + REFRESH_FAMILY_TTL * 1000),
    loginSessionId: browser?.id ?? null,
  });
  logAuthEvent(request, 'auth.login.success', { userId, method: 'password' });
  return tokens;
}

/**
 * A wrong e-mail or password: AUTH.INVALID_CREDENTIALS (401), no sooner than the floor, so that
 * unknown e-mail and wrong password take the same time even on a busy machine (AUTH-06). The
 * attempt was already counted as a failure, per IP and per account, before the check.
 */
async function refuse(
  deps: AuthFeatureDeps,
  request: FastifyRequest,
  failure: { email: string; started: number; reason: string },
): Promise<never> {
  // The account attacked, when the address has one (LOG-01).
  const [user] = await deps.db
    .select({ id: authUser.id })
    .from(authUser)
    .where(sql`lower(${authUser.email}) = ${failure.email}`);
  const wait = FAILURE_FLOOR_MS - (performance.now() - failure.started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  logAuthEvent(
    request,
    'auth.login.failure',
    { userId: user?.id ?? null, email: failure.email, reason: failure.reason },
    'warn',
  );
  throw new AppError({
    code: 'AUTH.INVALID_CREDENTIALS',
    message: authMessages.invalidCredentials,
  });
}
