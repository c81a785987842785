import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Security headers on every response (checklist HDR-01..08). Pages that open the Google popup
 * relax COOP to same-origin-allow-popups themselves (see the web-app plugin).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
  app.addHook('onSend', async (request, reply, payload) => {
    // Authenticated answers must never sit in a shared or browser cache (HDR-07).
    if (request.principal && !reply.hasHeader('cache-control'))
      reply.header('Cache-Control', 'no-store');
    const type = reply.getHeader('content-type');
    if (
      typeof type === 'string' &&
      /^(text\/|application\/json)/.test(type) &&
      !/charset=/i.test(type)
    ) {
      reply.header('content-type', `${type}; charset=utf-8`);
    }
    return payload;
  });
}
