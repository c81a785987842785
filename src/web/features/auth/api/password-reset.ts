import { authPaths } from '../../../../contract/constants/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /auth/forgot-password: mails a link to this app's reset page. True when it was sent. */
export async function requestPasswordReset(email: string): Promise<boolean> {
  const answer = await apiRequest<{ success: boolean }>(authPaths.forgotPassword, {
    method: 'POST',
    body: { email, resetUrl: `${window.location.origin}/reset-password` },
  });
  return answer.success;
}

/** POST /auth/validate-reset-token: whether the mailed token still works, and for whom. */
export const validateResetToken = (token: string) =>
  apiRequest<{ valid: boolean; user?: { email: string } }>(authPaths.validateResetToken, {
    method: 'POST',
    body: { token },
  });

/** POST /auth/reset-password: the token's account gets the new password. */
export const resetPassword = (token: string, newPassword: string) =>
  apiRequest(authPaths.resetPassword, { method: 'POST', body: { token, newPassword } });
