import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { AppError } from '../http/app-error';

/** Content types that are text, and so must name their charset (HDR-03). */
const TEXT_TYPE = /^(text\/|application\/(json|javascript|xml|x-yaml|yaml)\b|[^;]+\+(json|xml)\b)/;
/** The sign-in endpoints: ours (/auth/*) and better-auth's (/api/auth/*). */
const SIGN_IN_PATHS = /^\/(api\/)?auth\//;

/**
 * Security headers on every response (checklist HDR-01..08). Pages that open the Google popup
 * relax COOP to same-origin-allow-popups themselves (see the web-app plugin).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // Built once: @fastify/helmet rebuilds helmet's middleware on every request.
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", 'https://accounts.google.com'],
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
  // TRACE echoes the request back (cross-site tracing): refused on every path (HDR-08).
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'TRACE') {
      void reply.header('Allow', 'GET, HEAD, POST, PUT');
      throw new AppError('HTTP.METHOD_NOT_ALLOWED', 'TRACE is not allowed.');
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Authenticated answers, and every answer of the sign-in endpoints (tokens, session state,
    // refusals), must never sit in a shared or browser cache (HDR-07).
    if (
      (request.principal || SIGN_IN_PATHS.test(request.url)) &&
      !/\bno-store\b/.test(String(reply.getHeader('cache-control') ?? ''))
    )
      reply.header('Cache-Control', 'no-store');
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && TEXT_TYPE.test(type) && !/charset=/i.test(type)) {
      reply.header('content-type', `${type}; charset=utf-8`);
    }
    return payload;
  });
}
