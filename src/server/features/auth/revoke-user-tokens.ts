import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { authRefreshToken, authSession } from '../../db/schema';

/**
 * Ends every session and refresh token of a user, except the session kept (if any). Returns how
 * many sessions ended.
 */
export async function revokeAllTokensOfUser(
  db: Db,
  userId: string,
  keepSessionId?: string,
): Promise<number> {
  await db
    .update(authRefreshToken)
    .set({ revokedAt: new Date() })
    .where(and(eq(authRefreshToken.userId, userId), isNull(authRefreshToken.revokedAt)));
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
