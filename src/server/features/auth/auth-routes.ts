import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountStatus,
  providersResponse,
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
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { errorResponses } from '../../http/openapi';
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

/** The OpenAPI description of one auth operation (all filed under the `auth` tag). */
const op = (operationId: string, summary: string, description: string) => ({
  operationId,
  summary,
  description,
  tags: ['auth'],
});

/** The spec's auth endpoints (section 7) and userInfo. Who may call each: access-policy.ts. */
export async function authRoutes(app: FastifyInstance, deps: AuthFeatureDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    authPaths.login,
    {
      schema: {
        ...op(
          'login',
          'Sign in with e-mail and password',
          'Answers an access and refresh token pair.',
        ),
        body: loginBody,
        response: { 200: tokenPair, ...errorResponses(400, 401, 429, 503) },
      },
    },
    async (request, reply) => {
      const result = await login(deps, request, reply, request.body);
      if (result.ok) return result.tokens;
      if (result.retryAfter !== undefined)
        void reply
          .header('X-Retry-After', String(result.retryAfter))
          .header('Retry-After', String(result.retryAfter));
      throw new AppError(result.code, result.message);
    },
  );

  r.post(
    authPaths.refresh,
    {
      schema: {
        ...op('refreshTokens', 'Exchange a refresh token', 'The old refresh token is spent.'),
        body: refreshBody,
        response: { 200: tokenPair, ...errorResponses(400, 401, 503) },
      },
    },
    async (request) => {
      const tokens = await refreshTokens(deps, request, request.body.refreshToken);
      if (!tokens)
        throw new AppError('AUTH.INVALID_REFRESH_TOKEN', authMessages.invalidRefreshToken);
      return tokens;
    },
  );

  r.post(
    authPaths.logout,
    {
      schema: {
        ...op('logout', 'Sign out', 'Ends the session and the tokens of the same login.'),
        response: { 200: successBody, ...errorResponses(503) },
      },
    },
    async (request, reply) => {
      await logout(deps, request, reply);
      return { success: true };
    },
  );

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
        response: { 200: successBody, ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => {
      const result = await forgotPassword(deps, request, request.body);
      if ('limited' in result) {
        void reply
          .header('X-Retry-After', String(result.limited))
          .header('Retry-After', String(result.limited));
        throw new AppError('AUTH.RATE_LIMITED', authMessages.tooManyAttempts);
      }
      return result;
    },
  );

  r.post(
    authPaths.validateResetToken,
    {
      schema: {
        ...op('validateResetToken', 'Check a reset token', 'Whether the token can still be used.'),
        body: validateResetTokenBody,
        response: { 200: validateResetTokenResponse, ...errorResponses(400, 503) },
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
        response: { 200: successBody, ...errorResponses(400, 503) },
      },
    },
    async (request) => {
      const result = await resetPassword(deps, request, request.body);
      if (result.ok) return { success: true, message: authMessages.resetDone };
      throw new AppError(result.code, result.message, result.field);
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
        response: { 200: successBody, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      const result = await setPassword(deps, request, request.principal!, request.body);
      if (result.ok) return { success: true, message: result.message };
      throw new AppError(result.code, result.message, result.field);
    },
  );

  r.post(
    authPaths.endUserSessions,
    {
      schema: {
        ...op(
          'endUserSessions',
          "End every session of one holder's login (administrator)",
          'Browser sessions and API tokens alike.',
        ),
        body: endUserSessionsBody,
        response: { 200: endSessionsResponse, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      const result = await endUserSessions(deps, request, request.principal!, request.body);
      if (result) return { success: true, ...result };
      throw new AppError('AUTH.HOLDER_NOT_FOUND', authMessages.noSuchHolder);
    },
  );

  r.post(
    authPaths.endAllSessions,
    {
      schema: {
        ...op(
          'endAllSessions',
          'End every session of every holder (administrator)',
          "The caller's own session included.",
        ),
        response: { 200: endSessionsResponse, ...errorResponses(401, 403, 503) },
      },
    },
    async (request) => ({
      success: true,
      ...(await endAllSessions(deps, request, request.principal!)),
    }),
  );

  r.get(
    authPaths.account,
    {
      schema: {
        ...op('getAccount', 'Whether your login has a password', 'Google-only logins have none.'),
        response: { 200: accountStatus, ...errorResponses(401, 503) },
      },
    },
    async (request) => getAccountStatus(deps, request.principal!.userId),
  );

  r.get(
    authPaths.google,
    {
      schema: {
        ...op(
          'startGoogleSignIn',
          'Start Google sign-in',
          "Redirects to Google; the answer comes back to the app's own callback.",
        ),
        querystring: googleQuery,
        response: {
          302: z.null().describe('To Google'),
          ...errorResponses(400, 503),
        },
      },
    },
    async (request, reply) => {
      const result = await startGoogleSignIn(deps, request, reply, request.query);
      if ('status' in result) throw new AppError(result.code, result.message);
      // The popup must keep its opener through the trip to Google and back (HDR-05).
      return reply
        .header('Cross-Origin-Opener-Policy', 'unsafe-none')
        .redirect(result.location, 302);
    },
  );

  r.get(
    authPaths.providers,
    {
      schema: {
        ...op(
          'getSignInProviders',
          'Which sign-in methods this server offers',
          'The login page shows "Login with Google" only when it is configured.',
        ),
        response: { 200: providersResponse, ...errorResponses(503) },
      },
    },
    async () => ({ google: deps.config.google !== undefined }),
  );

  r.post(
    userInfoPath,
    {
      schema: {
        ...op('getUserInfo', 'Who is signed in', "The spec's userInfo: the login and its holder."),
        response: { 200: userInfo, ...errorResponses(401, 503) },
      },
    },
    async (request) => getUserInfo(deps, request.principal!),
  );
}
