import { and, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { authRefreshToken, authSession } from '../db/schema';

/**
 * Revokes, as of now, the refresh tokens not revoked yet that meet every condition given (the
 * first one is required, so that a missing condition never reaches every user's tokens).
 */
export async function revokeRefreshTokens(
  db: Db,
  which: SQL,
  ...also: Array<SQL | undefined>
): Promise<void> {
  await db
    .update(authRefreshToken)
    .set({ revokedAt: new Date() })
    .where(and(which, ...also, isNull(authRefreshToken.revokedAt)));
}

/**
 * Ends every session and refresh token of a user, except the session kept (if any). Returns how
 * many sessions ended.
 */
export async function revokeAllTokensOfUser(
  db: Db,
  userId: string,
  keepSessionId?: string,
): Promise<number> {
  await revokeRefreshTokens(db, eq(authRefreshToken.userId, userId));
  const ended = await db
    .delete(authSession)
    .where(
      keepSessionId
        ? and(eq(authSession.userId, userId), ne(authSession.id, keepSessionId))
        : eq(authSession.userId, userId),
    )
    .returning({ id: authSession.id });
  return ended.length;
}
