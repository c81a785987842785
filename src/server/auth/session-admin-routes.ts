import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authPaths, endSessionsResponse, endUserSessionsBody } from '../../contract/auth';
import { errorResponses } from '../http/openapi';
import type { AuthFeatureDeps } from './auth-deps';
import { op } from './auth-operation';
import { endAllSessions } from './end-all-sessions';
import { endUserSessions } from './end-user-sessions';
import { signedInOf } from '../http/caller';

/** Administrators end sessions: one holder's or everyone's (SES-07). Who may call each: access-policy.ts. */
export async function sessionAdminRoutes(
  app: FastifyInstance,
  deps: AuthFeatureDeps,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
        response: { 200: endSessionsResponse, ...errorResponses('AUTH.HOLDER_NOT_FOUND') },
      },
    },
    async (request) => ({
      success: true,
      ...(await endUserSessions(deps, request, signedInOf(request), request.body)),
    }),
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
        response: { 200: endSessionsResponse },
      },
    },
    async (request) => ({
      success: true,
      ...(await endAllSessions(deps, request, signedInOf(request))),
    }),
  );
}
