import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { providersResponse, authPaths, googleQuery } from '../../contract/auth';
import { z } from 'zod';
import { errorResponses } from '../http/openapi';
import type { AuthFeatureDeps } from './auth-deps';
import { op } from './auth-operation';
import { startGoogleSignIn } from './start-google-sign-in';

/** Google sign-in: its start, and whether this server offers it at all. */
export async function googleRoutes(app: FastifyInstance, deps: AuthFeatureDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
          ...errorResponses(
            'AUTH.REDIRECT_NOT_ALLOWED',
            'AUTH.REDIRECT_UNAVAILABLE',
            'DB.UNAVAILABLE',
          ),
        },
      },
    },
    async (request, reply) => {
      const result = await startGoogleSignIn(deps, request, reply, request.query);
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
        response: { 200: providersResponse },
      },
    },
    async () => ({ google: deps.config.google !== undefined }),
  );
}
