import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountStatus,
  authPaths,
  endSessionsResponse,
  endUserSessionsBody,
  forgotPasswordBody,
  googleQuery,
  loginBody,
  refreshBody,
  resetPasswordBody,
  setPasswordBody,
  successBody,
  tokenPair,
  validateResetTokenBody,
  validateResetTokenResponse,
  authMessages,
} from '../../../contract/auth';
import { userInfo, userInfoPath } from '../../../contract/user-info';
import { sendError } from '../../auth/auth-events';
import type { AuthFeatureDeps } from './auth-deps';
import { endAllSessions } from './end-all-sessions';
import { endUserSessions } from './end-user-sessions';
import { forgotPassword } from './forgot-password';
import { getAccountStatus } from './get-account-status';
import { getUserInfo } from './get-user-info';
import { login } from './login';
import { logout } from './logout';
import { refreshTokens } from './refresh-tokens';
import { resetPassword } from './reset-password';
import { setPassword } from './set-password';
import { startGoogleSignIn } from './start-google-sign-in';
import { validateResetToken } from './validate-reset-token';

const tags = ['auth'];

/** The spec's auth endpoints (section 7) and userInfo. Who may call each: access-policy.ts. */
export async function authRoutes(app: FastifyInstance, deps: AuthFeatureDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    authPaths.login,
    { schema: { tags, body: loginBody, response: { 200: tokenPair } } },
    async (request, reply) => {
      const result = await login(deps, request, reply, request.body);
      if (result.ok) return result.tokens;
      if (result.retryAfter !== undefined)
        void reply
          .header('X-Retry-After', String(result.retryAfter))
          .header('Retry-After', String(result.retryAfter));
      return sendError(reply, result.status, result.code, result.message);
    },
  );

  r.post(
    authPaths.refresh,
    { schema: { tags, body: refreshBody, response: { 200: tokenPair } } },
    async (request, reply) => {
      const tokens = await refreshTokens(deps, request, request.body.refreshToken);
      return (
        tokens ??
        sendError(reply, 401, 'AUTH.INVALID_REFRESH_TOKEN', authMessages.invalidRefreshToken)
      );
    },
  );

  r.post(
    authPaths.logout,
    { schema: { tags, response: { 200: successBody } } },
    async (request, reply) => {
      await logout(deps, request, reply);
      return { success: true };
    },
  );

  r.post(
    authPaths.forgotPassword,
    { schema: { tags, body: forgotPasswordBody, response: { 200: successBody } } },
    async (request, reply) => {
      const result = await forgotPassword(deps, request, request.body);
      if ('limited' in result) {
        void reply
          .header('X-Retry-After', String(result.limited))
          .header('Retry-After', String(result.limited));
        return sendError(reply, 429, 'AUTH.RATE_LIMITED', authMessages.tooManyAttempts);
      }
      return result;
    },
  );

  r.post(
    authPaths.validateResetToken,
    {
      schema: { tags, body: validateResetTokenBody, response: { 200: validateResetTokenResponse } },
    },
    async (request) => validateResetToken(deps, request.body.token),
  );

  r.post(
    authPaths.resetPassword,
    { schema: { tags, body: resetPasswordBody, response: { 200: successBody } } },
    async (request, reply) => {
      const result = await resetPassword(deps, request, request.body);
      if (result.ok) return { success: true, message: authMessages.resetDone };
      return sendError(reply, 400, result.code, result.message, result.field);
    },
  );

  r.post(
    authPaths.setPassword,
    { schema: { tags, body: setPasswordBody, response: { 200: successBody } } },
    async (request, reply) => {
      const result = await setPassword(deps, request, request.principal!, request.body);
      if (result.ok) return { success: true, message: result.message };
      return sendError(reply, result.status, result.code, result.message, result.field);
    },
  );

  r.post(
    authPaths.endUserSessions,
    { schema: { tags, body: endUserSessionsBody, response: { 200: endSessionsResponse } } },
    async (request, reply) => {
      const result = await endUserSessions(deps, request, request.principal!, request.body);
      if (result) return { success: true, ...result };
      return sendError(reply, 404, 'AUTH.HOLDER_NOT_FOUND', authMessages.noSuchHolder);
    },
  );

  r.post(
    authPaths.endAllSessions,
    { schema: { tags, response: { 200: endSessionsResponse } } },
    async (request) => ({
      success: true,
      ...(await endAllSessions(deps, request, request.principal!)),
    }),
  );

  r.get(
    authPaths.account,
    { schema: { tags, response: { 200: accountStatus } } },
    async (request) => getAccountStatus(deps, request.principal!.userId),
  );

  r.get(
    authPaths.google,
    { schema: { tags, querystring: googleQuery } },
    async (request, reply) => {
      const result = await startGoogleSignIn(deps, request, reply, request.query);
      if ('status' in result) return sendError(reply, result.status, result.code, result.message);
      // The popup must keep its opener through the trip to Google and back (HDR-05).
      return reply
        .header('Cross-Origin-Opener-Policy', 'unsafe-none')
        .redirect(result.location, 302);
    },
  );

  r.post(userInfoPath, { schema: { tags, response: { 200: userInfo } } }, async (request) =>
    getUserInfo(deps, request.principal!),
  );
}
