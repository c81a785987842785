import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ocfImportPath } from '../../contract/ocf-import';
import { AppError } from '../http/app-error';
import { hasSessionCookie } from './cookies';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Routes that take file uploads (multipart/form-data) besides JSON, by their matched route (not
 * the raw path). Their Origin is checked like any write's, so a cross-site form is still refused.
 */
const UPLOAD_ROUTES = new Set([`POST ${ocfImportPath}`]);
const MULTIPART = /^multipart\/form-data\b/i;

/** Shown as is by the web app: a page opened at another address learns where to go instead. */
const refusal = (from: string | undefined, origin: string) =>
  from && /^https?:\/\/[\w.:[\]-]{1,100}$/.test(from)
    ? `This page was opened at ${from}, but the registry only accepts changes from ${origin}. ` +
      `Open ${origin} and try again.`
    : `This request must come from the registry's own pages at ${origin}.`;

/**
 * CSRF for every cookie-authenticated write, whatever its path (checklist SES-10): the router
 * decodes `/%61uth/...` to `/auth/...`, so a decision on the raw path could be sidestepped. The
 * Origin must be the app's own (PUBLIC_URL) and a body must be JSON. Requests without the session
 * cookie carry no ambient credential and are not checked. Answers 403 / 415 before anything runs.
 */
export function registerCsrfCheck(app: FastifyInstance, publicUrl: string): void {
  const origin = new URL(publicUrl).origin;
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      check(request);
      done();
    } catch (err) {
      done(err as Error);
    }
  });

  function check(request: FastifyRequest): void {
    if (!WRITES.has(request.method)) return;
    const path = request.url;
    if (!hasSessionCookie(request.headers.cookie)) return;
    if (request.headers.origin !== origin) {
      request.log.warn(
        {
          event: 'auth.csrf.refused',
          origin: request.headers.origin ?? null,
          route: `${request.method} ${path.split('?')[0]}`,
        },
        'cross-site write refused',
      );
      throw new AppError({ code: 'AUTH.CSRF', message: refusal(request.headers.origin, origin) });
    }
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 ||
      request.headers['transfer-encoding'] !== undefined;
    const type = request.headers['content-type'] ?? '';
    const upload = UPLOAD_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`);
    if (hasBody && !/^application\/json\b/i.test(type) && !(upload && MULTIPART.test(type))) {
      throw new AppError({
        code: 'HTTP.UNSUPPORTED_MEDIA_TYPE',
        message: 'Requests must be sent as application/json.',
      });
    }
  }
}
