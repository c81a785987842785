import type { AuthFeatureDeps } from './auth-deps';

/** The user a reset token belongs to, or null; reads without consuming the token. */
export async function findResetTokenUser(
  deps: AuthFeatureDeps,
  token: string,
): Promise<{ id: string; email: string } | null> {
  if (!token) return null;
  const ctx = await deps.auth.$context;
  // Hashed like better-auth's own create/consume (verification.storeIdentifier: 'hashed').
  const found = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!found || new Date(found.expiresAt) < new Date()) return null;
  const user = await ctx.internalAdapter.findUserById(found.value);
  return user ? { id: user.id, email: user.email } : null;
}

/** POST /auth/validate-reset-token → {valid, user: {email}}. */
export async function validateResetToken(
  deps: AuthFeatureDeps,
  token: string,
): Promise<{ valid: boolean; user?: { email: string } }> {
  const user = await findResetTokenUser(deps, token);
  return user ? { valid: true, user: { email: user.email } } : { valid: false };
}
