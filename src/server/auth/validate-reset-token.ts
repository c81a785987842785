import type { AuthFeatureDeps } from './auth-deps';
import { resetTokenUser } from './auth-records';

/** The user a reset token belongs to, or null; reads without consuming the token. */
export async function findResetTokenUser(
  deps: AuthFeatureDeps,
  token: string,
): Promise<{ id: string; email: string } | null> {
  return token ? resetTokenUser(deps.db, token) : null;
}

/** POST /auth/validate-reset-token → {valid, user: {email}}. */
export async function validateResetToken(
  deps: AuthFeatureDeps,
  token: string,
): Promise<{ valid: boolean; user?: { email: string } }> {
  const user = await findResetTokenUser(deps, token);
  return user ? { valid: true, user: { email: user.email } } : { valid: false };
}
