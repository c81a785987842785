import type { FastifyInstance } from 'fastify';
import { isMachinePath, isPageNavigation } from '../http/page-navigation';

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
  app.addHook('onRequest', (request, reply, done) => {
    // Machines (the API, /healthz) answer on any host.
    if (!isPageNavigation(request) || request.host === canonical.host || isMachinePath(request.url))
      return done();
    // The origin is ours and the path is appended to it: "//evil.example" stays on our host.
    // Answered here: done() is not called.
    void reply.redirect(`${canonical.origin}${request.url}`, 308);
  });
}
