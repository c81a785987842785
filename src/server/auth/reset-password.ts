import { APIError } from 'better-auth/api';
import type { FastifyRequest } from 'fastify';
import { authMessages } from '../../contract/auth';
import { logAuthEvent } from './auth-events';
import { toHeaders } from './http-bridge';
import { passwordProblem } from './password-policy';
import { clearLoginFailures } from './rate-limit';
import { AppError } from '../http/app-error';
import type { AuthFeatureDeps } from './auth-deps';
import { findResetTokenUser } from './validate-reset-token';
import { revokeAllTokensOfUser } from './revoke-user-tokens';

/**
 * POST /auth/reset-password: the token first ("Invalid or expired reset token."), then the
 * password rules; better-auth consumes the token atomically, sets the password and revokes every
 * session in one transaction; the notice mail is queued (onPasswordReset). No automatic sign-in.
 */
export async function resetPassword(
  deps: AuthFeatureDeps,
  request: FastifyRequest,
  input: { token: string; newPassword: string },
): Promise<void> {
  const invalid = () =>
    new AppError({ code: 'AUTH.INVALID_RESET_TOKEN', message: authMessages.invalidResetToken });
  const user = await findResetTokenUser(deps, input.token);
  if (!user) {
    logAuthEvent(request, 'auth.reset.refused', { reason: 'invalid_token' }, 'warn');
    throw invalid();
  }
  const problem = passwordProblem(input.newPassword);
  if (problem)
    throw new AppError({ code: 'VALIDATION.PASSWORD', message: problem, field: 'newPassword' });
  try {
    await deps.auth.api.resetPassword({
      body: { token: input.token, newPassword: input.newPassword },
      headers: toHeaders(request),
    });
  } catch (e) {
    if (!(e instanceof APIError)) throw e;
    logAuthEvent(request, 'auth.reset.refused', { userId: user.id, reason: 'token_used' }, 'warn');
    throw invalid();
  }
  await revokeAllTokensOfUser(deps.db, user.id);
  // The owner has proved who they are: guessing before no longer holds anyone back (issue 23).
  await clearLoginFailures(deps.db, user.email);
  logAuthEvent(request, 'auth.reset.completed', { userId: user.id });
}
