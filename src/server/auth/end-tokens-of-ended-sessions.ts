import { eq, isNull, ne, or } from 'drizzle-orm';
import { revokeRefreshTokens } from './revoke-user-tokens';
import type { Db } from '../db/database';
import { authRefreshToken } from '../db/schema';
import type { Principal } from '../plugins/access-control';
import { endSessionAndItsTokens } from './tokens';

/** better-auth's endpoints that end the caller's own sessions (SES-07). */
export type RevokeRoute =
  '/api/auth/revoke-session' | '/api/auth/revoke-sessions' | '/api/auth/revoke-other-sessions';

/**
 * What better-auth's revoke endpoints leave behind once they have ended sessions: the refresh
 * tokens (ours) of the access tokens they ended, and the tokens of an ended browser session's
 * sign-in (issue 23). `endedId` is the session revoke-session ended.
 */
export async function endTokensOfEndedSessions(
  db: Db,
  route: RevokeRoute,
  caller: Principal,
  endedId?: string,
): Promise<void> {
  const mine = eq(authRefreshToken.userId, caller.userId);
  if (route === '/api/auth/revoke-session') {
    if (endedId !== undefined) await endSessionAndItsTokens(db, endedId);
  } else if (route === '/api/auth/revoke-sessions') {
    await revokeRefreshTokens(db, mine);
  } else {
    // Only the asking session stays, and with it the refresh token of an asking access token.
    const others = or(
      isNull(authRefreshToken.sessionId),
      ne(authRefreshToken.sessionId, caller.sessionId),
    );
    await revokeRefreshTokens(db, mine, others);
  }
}
