import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_TIME_ZONE } from '../../ledger';
import type { Db } from '../db/database';
import { authSession } from '../db/schema';
import { apiKeyHeader } from '../../contract/constants/api-keys';
import { AppError } from '../http/app-error';
import { apiKeyPrincipal } from './api-key-principal';
import { hasSessionCookie } from './cookies';
import type { Principal, PrincipalResolver } from '../plugins/access-control';
import type { Auth } from './auth';
import type { PrincipalCache } from './principal-cache';
import { createSessionReader, type PresentedToken } from './read-session';
import { mustRewriteExpiry, sessionExpiry } from './session-expiry';

export { SESSION_COOKIE } from './cookies';

type SessionReader = ReturnType<typeof createSessionReader>;

/**
 * Resolves the caller from an API key (`X-API-Key`), or their session (cookie, or
 * `Authorization: Bearer` access token) and the holder their e-mail matches, so that a role change
 * or a disabled holder counts at the next request (ACL-07, SES-05). A session's answer is
 * remembered for a few seconds in `cache`, which the database's change notices empty
 * (principal-cache.ts). Browser sessions slide here, by the matched role's limits; a database
 * outage propagates and answers 503.
 */
export function createPrincipalResolver(
  auth: Auth,
  db: Db,
  cache: PrincipalCache,
): PrincipalResolver {
  const sessions = createSessionReader(auth, db);
  return async (request: FastifyRequest): Promise<Principal | null> => {
    const hasSession =
      request.headers.authorization !== undefined || hasSessionCookie(request.headers.cookie);
    const key = request.headers[apiKeyHeader];
    if (key !== undefined) {
      // One caller per request: a key never borrows, or lends, a session's rights.
      if (hasSession)
        throw new AppError(
          'AUTH.AMBIGUOUS_CREDENTIALS',
          'Send an API key or a session, not both.',
          apiKeyHeader,
        );
      return apiKeyPrincipal(db, Array.isArray(key) ? (key[0] ?? '') : key);
    }
    if (!hasSession) return null;
    const presented = await sessions.presented(request);
    if (!presented) return null;
    const cacheKey = `${presented.via}:${presented.token}`;
    const known = cache.recall(cacheKey, Date.now());
    if (known) return known;
    const generation = cache.generation;
    const found = await sessionPrincipal(db, sessions, presented);
    if (!found) return null;
    cache.remember(cacheKey, found.principal, found.expiresAt.getTime(), generation, Date.now());
    return found.principal;
  };
}

/** The session's principal and when the session expires, sliding it first; null when none. */
async function sessionPrincipal(
  db: Db,
  sessions: SessionReader,
  presented: PresentedToken,
): Promise<{ principal: Principal; expiresAt: Date } | null> {
  const session = await sessions.read(presented);
  if (!session) return null;
  const match = session.holder;
  if (match.role === 'disabled') {
    // Disabling a holder ends every session of theirs (SES-05).
    await db.delete(authSession).where(eq(authSession.userId, session.userId));
    return null;
  }
  const role = match.role === 'none' ? null : match.role;
  let expiresAt = session.expiresAt;
  if (session.kind !== 'api') {
    const next = sessionExpiry(role, session.createdAt, Date.now());
    if (mustRewriteExpiry(session.expiresAt, next)) {
      await db
        .update(authSession)
        .set({ expiresAt: next, updatedAt: new Date() })
        .where(eq(authSession.id, session.sessionId));
      expiresAt = next;
    }
  }
  const principal: Principal = {
    userId: session.userId,
    email: session.email,
    name: session.name,
    sessionId: session.sessionId,
    holderId: match.holderId,
    organizationId: match.organizationId,
    timeZone: match.timeZone ?? DEFAULT_TIME_ZONE,
    role,
    via: session.via,
  };
  return { principal, expiresAt };
}
