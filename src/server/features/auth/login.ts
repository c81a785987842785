import { randomUUID } from 'node:crypto';
import { APIError } from 'better-auth/api';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authMessages, type TokenPair } from '../../../contract/auth';
import { logAuthEvent } from '../../auth/auth-events';
import { copyHeaders, toHeaders } from '../../auth/http-bridge';
import { deviceCookie, trustedDevice } from '../../auth/device-cookie';
import {
  BACKOFF,
  claimAccountAttempt,
  clearLoginFailures,
  hit,
  LOGIN_IP_RULE,
  unhit,
} from '../../auth/rate-limit';
import { authSession, authUser } from '../../db/schema';
import type { AuthFeatureDeps } from './auth-deps';
import { issueTokens, REFRESH_FAMILY_TTL } from './tokens';
import { upgradePasswordHash } from './upgrade-password-hash';

export const FAILURE_FLOOR_MS = 200;

export type LoginResult =
  | { ok: true; tokens: TokenPair }
  | { ok: false; status: 401 | 429; code: string; message: string; retryAfter?: number };

/**
 * POST /auth/login: e-mail and password through better-auth, the session cookie for the browser
 * and a bearer/refresh pair for API clients. Unknown e-mail and wrong password answer the same
 * (better-auth hashes on the unknown path too). Per IP: 3 failures in 10 s, then 429. Per
 * account: after 10 failures in 15 min, a doubling delay (never a lock-out). Both count the
 * attempt before the password is checked (AUTH-07): parallel guesses cannot all slip through
 * while the first ones are still being verified.
 */
export async function login(
  deps: AuthFeatureDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { username: string; password: string },
): Promise<LoginResult> {
  const { auth, db } = deps;
  const started = performance.now();
  const email = input.username.trim().toLowerCase();
  const ipKey = `login-ip|${request.ip}`;

  const perIp = await hit(db, ipKey, LOGIN_IP_RULE.window);
  if (perIp.count > LOGIN_IP_RULE.max) {
    logAuthEvent(request, 'auth.login.rate_limited', { email, reason: 'ip' }, 'warn');
    return limited(perIp.retryAfter);
  }
  // A browser that signed in to this account before is limited on its own (device cookie);
  // every other client shares the account's count, which an attacker may keep full.
  const secret = deps.config.sessionSecret ?? '';
  const device = trustedDevice(secret, request.headers.cookie, email);
  const counter = device ? `device|${device}` : email;
  const claim = await claimAccountAttempt(db, counter);
  if ('wait' in claim) {
    const reason = device ? 'device' : 'account';
    logAuthEvent(request, 'auth.login.rate_limited', { email, reason }, 'warn');
    return limited(claim.wait);
  }
  if (!device && claim.failures >= BACKOFF.freeFailures && claim.failures % 10 === 0)
    logAuthEvent(request, 'auth.sustained_guessing', { email, failures: claim.failures }, 'warn');

  const headers = toHeaders(request);
  const previous = request.headers.cookie?.includes('session_token')
    ? await auth.api.getSession({ headers, query: { disableRefresh: true } }).catch(() => null)
    : null;
  try {
    const signedIn = await auth.api.signInEmail({
      body: { email, password: input.password },
      headers,
      returnHeaders: true,
    });
    copyHeaders(signedIn.headers, reply);
    const userId = signedIn.response.user.id;
    await clearLoginFailures(db, counter);
    const secure = deps.config.publicUrl.startsWith('https:');
    void reply.header('set-cookie', deviceCookie(secret, email, secure));
    await unhit(db, ipKey, perIp.windowStart);
    await upgradePasswordHash(deps, userId, input.password);
    // A new token at every sign-in; the one held before is ended (SES-02).
    if (previous) await db.delete(authSession).where(eq(authSession.id, previous.session.id));
    // The pair belongs to this sign-in: logging out of the browser ends it too (SES-04).
    const [browser] = await db
      .select({ id: authSession.id })
      .from(authSession)
      .where(eq(authSession.token, signedIn.response.token));
    const tokens = await issueTokens(auth, db, userId, {
      id: randomUUID(),
      expiresAt: new Date(Date.now() + REFRESH_FAMILY_TTL * 1000),
      loginSessionId: browser?.id ?? null,
    });
    logAuthEvent(request, 'auth.login.success', { userId, method: 'password' });
    return { ok: true, tokens };
  } catch (e) {
    if (!(e instanceof APIError)) throw e;
    // The attempt was already counted as a failure, per IP and per account, before the check.
    // The account attacked, when the address has one (LOG-01).
    const [user] = await db
      .select({ id: authUser.id })
      .from(authUser)
      .where(sql`lower(${authUser.email}) = ${email}`);
    // Every failure answers no sooner than the floor: unknown e-mail and wrong password take the
    // same time even when the machine is busy (AUTH-06); it also slows guessing.
    const wait = FAILURE_FLOOR_MS - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    logAuthEvent(
      request,
      'auth.login.failure',
      { userId: user?.id ?? null, email, reason: String(e.body?.code ?? e.status) },
      'warn',
    );
    return {
      ok: false,
      status: 401,
      code: 'AUTH.INVALID_CREDENTIALS',
      message: authMessages.invalidCredentials,
    };
  }
}

const limited = (retryAfter: number): LoginResult => ({
  ok: false,
  status: 429,
  code: 'AUTH.RATE_LIMITED',
  message: authMessages.tooManyAttempts,
  retryAfter,
});
