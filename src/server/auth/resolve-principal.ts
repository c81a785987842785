import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_TIME_ZONE } from '../../ledger';
import type { Db } from '../db/database';
import { authSession } from '../db/schema';
import { apiKeyHeader } from '../../contract/constants/api-keys';
import { AppError } from '../http/app-error';
import { apiKeyPrincipal } from './api-key-principal';
import { hasSessionCookie } from './cookies';
import { revokeAllTokensOfUser } from './revoke-user-tokens';
import type { Principal, PrincipalResolver } from '../plugins/access-control';
import type { SessionCookie } from './auth';
import type { PrincipalCache } from './principal-cache';
import { createSessionReader, type PresentedToken } from './read-session';
import { mustRewriteExpiry, sessionExpiry } from './session-expiry';

export { SESSION_COOKIE } from './cookies';

type SessionReader = ReturnType<typeof createSessionReader>;

const BEARER_SCHEME = /^Bearer\s/i;

/**
 * Resolves the caller from their session (cookie, or `Authorization: Bearer` access token) and
 * the holder their e-mail matches, so that a role change or a disabled holder counts at the next
 * request (ACL-07, SES-05), and from an API key (`X-API-Key`). A key and a session together are
 * one caller, the session's, limited by the key (access-control.ts): both must be valid and of
 * the same organization. A session's answer is remembered for a few seconds in `cache`, which the
 * database's change notices empty (principal-cache.ts). Browser sessions slide here, by the
 * matched role's limits; a database outage propagates and answers 503.
 */
export function createPrincipalResolver(
  cookie: SessionCookie,
  db: Db,
  cache: PrincipalCache,
): PrincipalResolver {
  const sessions = createSessionReader(cookie, db);
  const sessionOf = sessionResolver(db, sessions, cache);
  return async (request: FastifyRequest): Promise<Principal | null> => {
    const header = request.headers[apiKeyHeader];
    const session = await sessionOf(request);
    if (header === undefined) return session ?? null;
    const key = await apiKeyPrincipal(db, Array.isArray(header) ? (header[0] ?? '') : header);
    if (session === undefined) return key;
    return withKey(session, key);
  };
}

/** The session and the key of one request, as one caller: the session's, limited by the key. */
function withKey(session: Principal | null, key: Principal): Principal {
  // A session was sent but has ended: the client must sign in again, not go on as the key.
  if (session === null)
    throw new AppError({
      code: 'AUTH.UNAUTHENTICATED',
      message: 'Your session has ended. Please sign in again.',
    });
  if (session.organizationId !== key.organizationId)
    throw new AppError({
      code: 'AUTH.ORGANIZATION_MISMATCH',
      message: 'The API key belongs to another organization than your session.',
      field: apiKeyHeader,
    });
  return { ...session, apiKey: key.apiKey! };
}

/**
 * The session a request presents: its principal, null when the session presented is not (or no
 * longer) valid, undefined when none is presented.
 */
function sessionResolver(db: Db, sessions: SessionReader, cache: PrincipalCache) {
  return async (request: FastifyRequest): Promise<Principal | null | undefined> => {
    const hasSession =
      BEARER_SCHEME.test(request.headers.authorization ?? '') ||
      hasSessionCookie(request.headers.cookie);
    if (!hasSession) return undefined;
    const presented = sessions.presented(request);
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
    // Disabling a holder ends every session and token of theirs (SES-05); the database does so
    // when the holder is disabled (migration 0019), this when a change of e-mail disabled them.
    await revokeAllTokensOfUser(db, session.userId);
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
