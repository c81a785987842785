import { and, eq, isNotNull } from 'drizzle-orm';
import { authAccount } from '../db/schema';
import type { AuthFeatureDeps } from './auth-deps';

/** GET /auth/account: whether the user has a password (the change form asks for it then). */
export async function getAccountStatus(
  deps: AuthFeatureDeps,
  userId: string,
): Promise<{ hasPassword: boolean }> {
  const [row] = await deps.db
    .select({ id: authAccount.id })
    .from(authAccount)
    .where(
      and(
        eq(authAccount.userId, userId),
        eq(authAccount.providerId, 'credential'),
        isNotNull(authAccount.password),
      ),
    );
  return { hasPassword: Boolean(row) };
}
