import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { logAuthEvent } from './auth-events';
import { authRefreshToken, authSession, authUser } from '../db/schema';
import type { Principal } from '../plugins/access-control';
import type { AuthFeatureDeps } from './auth-deps';
import { revokeRefreshTokens } from './revoke-user-tokens';

/**
 * POST /auth/admin/end-all-sessions (administrators): ends the sessions, access tokens and
 * refresh tokens of every login of the administrator's organization (SES-07), all but the
 * session making the call, so that the administrator can go on. Returns the sessions ended.
 */
export async function endAllSessions(
  deps: AuthFeatureDeps,
  request: FastifyRequest,
  principal: Principal,
): Promise<{ ended: number }> {
  const { db } = deps;
  const orgId = principal.organizationId;
  if (!orgId) return { ended: 0 };
  // The logins of this company: a holder record here with the e-mail of another company's login
  // does not make that login theirs (issue 23).
  const users = db
    .select({ id: authUser.id })
    .from(authUser)
    .where(eq(authUser.organizationId, orgId));
  await revokeRefreshTokens(
    db,
    inArray(authRefreshToken.userId, users),
    or(isNull(authRefreshToken.sessionId), ne(authRefreshToken.sessionId, principal.sessionId)),
  );
  const ended = await db
    .delete(authSession)
    .where(and(inArray(authSession.userId, users), ne(authSession.id, principal.sessionId)))
    .returning({ id: authSession.id });
  logAuthEvent(request, 'auth.sessions.ended_by_admin', {
    userId: principal.userId,
    scope: 'organization',
    ended: ended.length,
  });
  return { ended: ended.length };
}
