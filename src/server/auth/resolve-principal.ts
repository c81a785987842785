import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, type Db } from '../db/database';
import { authSession } from '../db/schema';
import type { Principal, PrincipalResolver } from '../plugins/access-control';
import type { Auth } from './auth';
import { matchHolder } from './holder-match';
import { toHeaders } from './http-bridge';
import { mustRewriteExpiry, sessionExpiry } from './session-expiry';

/** The browser session cookie (better-auth's, prefixed; `__Secure-` is added over HTTPS). */
export const SESSION_COOKIE = 'registry.session_token';

/**
 * Resolves the caller from better-auth's session (cookie, or `Authorization: Bearer` access
 * token), then matches the user's e-mail to an active holder on every request, so that a role
 * change or a disabled holder counts at the next request (ACL-07, SES-05). Browser sessions slide
 * here, by the matched role's limits: better-auth's own refresh would look the role up again.
 */
export function createPrincipalResolver(auth: Auth, db: Db): PrincipalResolver {
  return async (request: FastifyRequest): Promise<Principal | null> => {
    const viaBearer = /^Bearer\s+\S+$/i.test(request.headers.authorization ?? '');
    if (!viaBearer && !request.headers.cookie?.includes('session_token')) return null;
    const found = await auth.api
      .getSession({ headers: toHeaders(request), query: { disableRefresh: true } })
      .catch((err: unknown) => {
        // A database outage must answer 503, not make a signed-in caller look anonymous.
        if (isDatabaseUnavailable(err)) throw err;
        return null;
      });
    if (!found) return null;
    const match = await matchHolder(db, found.user.email);
    if (match.role === 'disabled') {
      // Disabling a holder ends every session of theirs (SES-05).
      await db.delete(authSession).where(eq(authSession.userId, found.user.id));
      return null;
    }
    const { session } = found;
    if (session.kind !== 'api') {
      const role = match.role === 'none' ? null : match.role;
      const expiresAt = sessionExpiry(role, new Date(session.createdAt), Date.now());
      if (mustRewriteExpiry(new Date(session.expiresAt), expiresAt))
        await db
          .update(authSession)
          .set({ expiresAt, updatedAt: new Date() })
          .where(eq(authSession.id, session.id));
    }
    return {
      userId: found.user.id,
      email: found.user.email,
      name: found.user.name,
      sessionId: found.session.id,
      holderId: match.holderId,
      organizationId: match.organizationId,
      role: match.role === 'none' ? null : match.role,
      via: viaBearer ? 'bearer' : 'cookie',
    };
  };
}
