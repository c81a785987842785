import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authPaths, loginBody, refreshBody, successBody, tokenPair } from '../../contract/auth';
import { userInfo, userInfoPath } from '../../contract/user-info';
import { errorResponses } from '../http/openapi';
import type { AuthFeatureDeps } from './auth-deps';
import { op } from './auth-operation';
import { getUserInfo } from './get-user-info';
import { login } from './login';
import { logout } from './logout';
import { refreshTokens } from './refresh-tokens';
import { signedInOf } from '../http/caller';

/** Sign-in: password, tokens, logout, Google, the providers offered and userInfo. Who may call each: access-policy.ts. */
export async function signInRoutes(app: FastifyInstance, deps: AuthFeatureDeps): Promise<void> {
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
        response: {
          200: tokenPair,
          ...errorResponses('AUTH.INVALID_CREDENTIALS', 'AUTH.RATE_LIMITED', 'DB.UNAVAILABLE'),
        },
      },
    },
    async (request, reply) => login(deps, request, reply, request.body),
  );

  r.post(
    authPaths.refresh,
    {
      schema: {
        ...op('refreshTokens', 'Exchange a refresh token', 'The old refresh token is spent.'),
        body: refreshBody,
        response: {
          200: tokenPair,
          ...errorResponses('AUTH.INVALID_REFRESH_TOKEN', 'DB.UNAVAILABLE'),
        },
      },
    },
    async (request) => refreshTokens(deps, request, request.body.refreshToken),
  );

  r.post(
    authPaths.logout,
    {
      schema: {
        ...op('logout', 'Sign out', 'Ends the session and the tokens of the same login.'),
        response: { 200: successBody, ...errorResponses('DB.UNAVAILABLE') },
      },
    },
    async (request, reply) => {
      await logout(deps, request, reply);
      return { success: true };
    },
  );

  r.post(
    userInfoPath,
    {
      schema: {
        ...op('getUserInfo', 'Who is signed in', "The spec's userInfo: the login and its holder."),
        response: { 200: userInfo },
      },
    },
    async (request) => getUserInfo(deps, signedInOf(request)),
  );
}
