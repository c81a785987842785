import { and, eq } from 'drizzle-orm';
import { hashPassword, needsRehash } from './auth';
import { authAccount } from '../db/schema';
import type { AuthFeatureDeps } from './auth-deps';

/**
 * After a successful sign-in, re-hashes a password stored with older settings (better-auth's
 * default scrypt, or argon2 with other parameters) as argon2id m=19456 t=2 p=1 (AUTH-04). The
 * password was just verified, so this is the one moment it is known.
 */
export async function upgradePasswordHash(
  deps: AuthFeatureDeps,
  userId: string,
  password: string,
): Promise<boolean> {
  const where = and(eq(authAccount.userId, userId), eq(authAccount.providerId, 'credential'));
  const [credential] = await deps.db
    .select({ password: authAccount.password })
    .from(authAccount)
    .where(where);
  if (!credential?.password || !needsRehash(credential.password)) return false;
  await deps.db
    .update(authAccount)
    .set({ password: await hashPassword(password) })
    .where(and(where, eq(authAccount.password, credential.password)));
  return true;
}
