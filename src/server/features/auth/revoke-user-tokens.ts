import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { authRefreshToken, authSession } from '../../db/schema';

/** Ends every session and refresh token of a user, except the session kept (if any). */
export async function revokeAllTokensOfUser(
  db: Db,
  userId: string,
  keepSessionId?: string,
): Promise<void> {
  await db
    .update(authRefreshToken)
    .set({ revokedAt: new Date() })
    .where(and(eq(authRefreshToken.userId, userId), isNull(authRefreshToken.revokedAt)));
  await db
    .delete(authSession)
    .where(
      keepSessionId
        ? and(eq(authSession.userId, userId), ne(authSession.id, keepSessionId))
        : eq(authSession.userId, userId),
    );
}
