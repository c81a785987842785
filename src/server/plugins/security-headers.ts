import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/app-error';
import { helmetOptions } from './helmet-headers';

/** Content types that are text, and so must name their charset (HDR-03). */
const TEXT_TYPE = /^(text\/|application\/(json|javascript|xml|x-yaml|yaml)\b|[^;]+\+(json|xml)\b)/;
/** The sign-in endpoints: ours (/auth/*) and better-auth's (/api/auth/*). */
const SIGN_IN_PATHS = /^\/(api\/)?auth\//;

/**
 * Security headers on every response (checklist HDR-01..08). Pages that open the Google popup
 * relax COOP to same-origin-allow-popups themselves (see the web-app plugin).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, helmetOptions);
  app.addHook('onRequest', (request, reply, done) => {
    // TRACE echoes the request back (cross-site tracing): refused on every path (HDR-08).
    if (request.method !== 'TRACE') return done();
    void reply.header('Allow', 'GET, HEAD, POST, PUT');
    done(new AppError({ code: 'HTTP.METHOD_NOT_ALLOWED', message: 'TRACE is not allowed.' }));
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // Authenticated answers, and every answer of the sign-in endpoints (tokens, session state,
    // refusals), must never sit in a shared or browser cache (HDR-07).
    if (
      (request.principal || SIGN_IN_PATHS.test(request.url)) &&
      !/\bno-store\b/.test(String(reply.getHeader('cache-control') ?? ''))
    )
      void reply.header('Cache-Control', 'no-store');
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && TEXT_TYPE.test(type) && !/charset=/i.test(type)) {
      void reply.header('content-type', `${type}; charset=utf-8`);
    }
    done(null, payload);
  });
}
