import type { FastifyInstance } from 'fastify';
import type { AuthFeatureDeps } from './auth-deps';
import { googleRoutes } from './google-routes';
import { passwordRoutes } from './password-routes';
import { sessionAdminRoutes } from './session-admin-routes';
import { signInRoutes } from './sign-in-routes';

/** The spec's auth endpoints (section 7) and userInfo. Who may call each: access-policy.ts. */
export async function authRoutes(app: FastifyInstance, deps: AuthFeatureDeps): Promise<void> {
  await signInRoutes(app, deps);
  await googleRoutes(app, deps);
  await passwordRoutes(app, deps);
  await sessionAdminRoutes(app, deps);
}
