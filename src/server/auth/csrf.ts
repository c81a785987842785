import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/app-error';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF for cookie-authenticated writes on /api and /auth (checklist SES-10): the Origin must be
 * the app's own (PUBLIC_URL) and a body must be JSON. Requests without the session cookie carry no
 * ambient credential and are not checked. Answers 403 / 415 before anything else runs.
 */
export function registerCsrfCheck(app: FastifyInstance, publicUrl: string): void {
  const origin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!WRITES.has(request.method)) return;
    const path = request.url;
    if (!path.startsWith('/api/') && !path.startsWith('/auth/')) return;
    if (!/(^|;\s*)(__Secure-)?registry\.session_token=/.test(request.headers.cookie ?? '')) return;
    if (request.headers.origin !== origin) {
      request.log.warn(
        {
          event: 'auth.csrf.refused',
          origin: request.headers.origin ?? null,
          route: `${request.method} ${path.split('?')[0]}`,
        },
        'cross-site write refused',
      );
      throw new AppError('AUTH.CSRF', 'This request must come from the application itself.');
    }
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 ||
      request.headers['transfer-encoding'] !== undefined;
    if (hasBody && !/^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
      throw new AppError(
        'HTTP.UNSUPPORTED_MEDIA_TYPE',
        'Requests must be sent as application/json.',
      );
    }
  });
}
