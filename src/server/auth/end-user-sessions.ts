import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { authMessages, type EndUserSessionsBody } from '../../contract/auth';
import { logAuthEvent } from './auth-events';
import { authUser } from '../db/schema';
import { AppError } from '../http/app-error';
import type { Principal } from '../plugins/access-control';
import type { AuthFeatureDeps } from './auth-deps';
import { revokeAllTokensOfUser } from './revoke-user-tokens';

/**
 * POST /auth/admin/end-user-sessions (administrators): ends every browser session, access token
 * and refresh token of one holder's login (SES-07). Only logins of the administrator's own
 * organization, active or not; anyone else is AUTH.HOLDER_NOT_FOUND. Returns the sessions ended.
 */
export async function endUserSessions(
  deps: AuthFeatureDeps,
  request: FastifyRequest,
  principal: Principal,
  input: EndUserSessionsBody,
): Promise<{ ended: number }> {
  const notFound = () =>
    new AppError({ code: 'AUTH.HOLDER_NOT_FOUND', message: authMessages.noSuchHolder });
  const [user] = await deps.db
    .select({ id: authUser.id, organizationId: authUser.organizationId })
    .from(authUser)
    .where(
      input.userId !== undefined
        ? eq(authUser.id, input.userId)
        : sql`lower(${authUser.email}) = lower(${input.email!.trim()})`,
    );
  // Only a login of the administrator's own company: a holder record here with the e-mail of
  // another company's login does not make it theirs (issue 23).
  if (!user || !principal.organizationId || user.organizationId !== principal.organizationId)
    throw notFound();
  const ended = await revokeAllTokensOfUser(deps.db, user.id);
  logAuthEvent(request, 'auth.sessions.ended_by_admin', {
    userId: principal.userId,
    targetUserId: user.id,
    ended,
  });
  return { ended };
}
