import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ocfImportPath } from '../../contract/ocf-import';
import { AppError } from '../http/app-error';
import { hasSessionCookie } from './cookies';
import { sheetImportPaths } from '../../contract/sheet-import';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Routes (as the router matched them, not the raw path) that take uploaded files as
 * multipart/form-data. Their Origin is checked like any write's, so a cross-site form is refused.
 */
const UPLOAD_ROUTES = new Set([`POST ${ocfImportPath}`, `POST ${sheetImportPaths.imports}`]);

/** JSON, or a file upload on a route that takes one. */
const acceptedBody = (request: FastifyRequest): boolean => {
  const type = request.headers['content-type'] ?? '';
  if (/^application\/json\b/i.test(type)) return true;
  const route = `${request.method} ${request.routeOptions.url ?? ''}`;
  return UPLOAD_ROUTES.has(route) && /^multipart\/form-data\b/i.test(type);
};

/** Shown as is by the web app: a page opened at another address learns where to go instead. */
const refusal = (from: string | undefined, origin: string) =>
  from && /^https?:\/\/[\w.:[\]-]{1,100}$/.test(from)
    ? `This page was opened at ${from}, but the registry only accepts changes from ${origin}. ` +
      `Open ${origin} and try again.`
    : `This request must come from the registry's own pages at ${origin}.`;

/**
 * CSRF for every cookie-authenticated write, whatever its path (checklist SES-10): the router
 * decodes `/%61uth/...` to `/auth/...`, so a decision on the raw path could be sidestepped. The
 * Origin must be the app's own (PUBLIC_URL) and a body must be JSON (or, on a route that takes an
 * upload, multipart/form-data). Requests without the session
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
    if (hasBody && !acceptedBody(request)) {
      throw new AppError({
        code: 'HTTP.UNSUPPORTED_MEDIA_TYPE',
        message: 'Requests must be sent as application/json.',
      });
    }
  }
}
