import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountStatus,
  authPaths,
  forgotPasswordBody,
  resetPasswordBody,
  setPasswordBody,
  successBody,
  validateResetTokenBody,
  validateResetTokenResponse,
  authMessages,
} from '../../contract/auth';
import type { ErrorCode } from '../http/error-status';
import { errorResponses } from '../http/openapi';
import type { AuthFeatureDeps } from './auth-deps';
import { op } from './auth-operation';
import { forgotPassword } from './forgot-password';
import { getAccountStatus } from './get-account-status';
import { resetPassword } from './reset-password';
import { setPassword } from './set-password';
import { validateResetToken } from './validate-reset-token';
import { signedInOf } from '../http/caller';

/** Why a reset is refused (reset-password.ts). */
const resetPasswordCodes: ErrorCode[] = [
  'AUTH.INVALID_RESET_TOKEN',
  'VALIDATION.PASSWORD',
  'DB.UNAVAILABLE',
];

/** Why a password change or set is refused (set-password.ts). */
const setPasswordCodes: ErrorCode[] = [
  'VALIDATION.PASSWORD',
  'AUTH.CURRENT_PASSWORD_REQUIRED',
  'AUTH.CURRENT_PASSWORD_WRONG',
  'AUTH.FORBIDDEN',
  'AUTH.ALREADY_HAS_LOGIN',
  'AUTH.HOLDER_NOT_FOUND',
];

/** Passwords: forgot, reset, change or set, and whether a login has one. Who may call each: access-policy.ts. */
export async function passwordRoutes(app: FastifyInstance, deps: AuthFeatureDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    authPaths.forgotPassword,
    {
      schema: {
        ...op(
          'forgotPassword',
          'Mail a password reset link',
          'Answers the same whether or not the e-mail is known; at most 5 mails an hour.',
        ),
        body: forgotPasswordBody,
        response: { 200: successBody, ...errorResponses('AUTH.RATE_LIMITED', 'DB.UNAVAILABLE') },
      },
    },
    async (request) => forgotPassword(deps, request, request.body),
  );

  r.post(
    authPaths.validateResetToken,
    {
      schema: {
        ...op('validateResetToken', 'Check a reset token', 'Whether the token can still be used.'),
        body: validateResetTokenBody,
        response: { 200: validateResetTokenResponse, ...errorResponses('DB.UNAVAILABLE') },
      },
    },
    async (request) => validateResetToken(deps, request.body.token),
  );

  r.post(
    authPaths.resetPassword,
    {
      schema: {
        ...op('resetPassword', 'Choose a new password with a reset token', 'Spends the token.'),
        body: resetPasswordBody,
        response: { 200: successBody, ...errorResponses(...resetPasswordCodes) },
      },
    },
    async (request) => {
      await resetPassword(deps, request, request.body);
      return { success: true, message: authMessages.resetDone };
    },
  );

  r.post(
    authPaths.setPassword,
    {
      schema: {
        ...op(
          'setPassword',
          'Change your password, or give a holder an initial one (administrator)',
          'Your own password needs the current one; other sessions end unless told otherwise.',
        ),
        body: setPasswordBody,
        response: {
          200: successBody,
          ...errorResponses(...setPasswordCodes),
        },
      },
    },
    async (request) => {
      await setPassword(deps, request, signedInOf(request), request.body);
      return { success: true, message: authMessages.passwordSet };
    },
  );

  r.get(
    authPaths.account,
    {
      schema: {
        ...op('getAccount', 'Whether your login has a password', 'Google-only logins have none.'),
        response: { 200: accountStatus },
      },
    },
    async (request) => getAccountStatus(deps, signedInOf(request).userId),
  );
}
