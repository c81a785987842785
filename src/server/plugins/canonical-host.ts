import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Paths that machines call: never redirected, whatever host they were addressed to. */
const MACHINE_PATHS = /^\/(?:api|auth|docs|healthz)(?:[/?]|$)/;

const isPageNavigation = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  (request.headers['sec-fetch-mode'] === 'navigate' ||
    (request.headers.accept ?? '').includes('text/html'));

/**
 * Sends a browser that opened the app at another address (http://127.0.0.1:3000 when PUBLIC_URL
 * is http://localhost:3000) to PUBLIC_URL: the CSRF check and the session cookie are bound to that
 * origin, so a sign-in anywhere else would be refused. Page navigations only; /healthz and the
 * API answer on any host.
 */
export function registerCanonicalHost(app: FastifyInstance, publicUrl: string): void {
  const canonical = new URL(publicUrl);
  // PORT=0 (tests): the real address is known only once listening; nothing to compare with.
  if (canonical.port === '0') return;
  app.addHook('onRequest', async (request, reply) => {
    if (!isPageNavigation(request) || request.host === canonical.host) return;
    let path: string;
    try {
      path = decodeURIComponent(request.url.split('?')[0]!);
    } catch {
      return; // a malformed path is answered by the router, not redirected
    }
    if (MACHINE_PATHS.test(path)) return;
    // The origin is ours and the path is appended to it: "//evil.example" stays on our host.
    return reply.redirect(`${canonical.origin}${request.url}`, 308);
  });
}
