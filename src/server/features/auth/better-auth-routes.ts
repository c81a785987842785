import type { FastifyInstance, FastifyRequest } from 'fastify';
import { logAuthEvent } from '../../auth/auth-events';
import { copyHeaders, toHeaders } from '../../auth/http-bridge';
import type { Auth } from '../../auth/auth';

/**
 * better-auth's own endpoints under /api/auth: only those the product uses are mounted (the
 * Google callback, session read and sign-out, and listing and ending one's sessions). Password
 * sign-in, reset and change go through /auth/*, where our password rules, limits and logs apply.
 */
export const betterAuthMounted = [
  'GET /api/auth/callback/:providerId',
  'GET /api/auth/get-session',
  'POST /api/auth/sign-out',
  'GET /api/auth/list-sessions',
  'POST /api/auth/revoke-session',
  'POST /api/auth/revoke-sessions',
  'POST /api/auth/revoke-other-sessions',
] as const;

export async function betterAuthRoutes(app: FastifyInstance, opts: { auth: Auth }): Promise<void> {
  const forward = async (request: FastifyRequest) => {
    const url = new URL(request.url, 'http://internal');
    const body =
      request.method === 'GET' || request.body === undefined
        ? undefined
        : typeof request.body === 'string'
          ? request.body
          : JSON.stringify(request.body);
    const target = new URL(`${url.pathname}${url.search}`, opts.auth.options.baseURL);
    return opts.auth.handler(
      new Request(target, { method: request.method, headers: toHeaders(request), body }),
    );
  };
  for (const route of betterAuthMounted) {
    const [method, url] = route.split(' ') as ['GET' | 'POST', string];
    app.route({
      method,
      url,
      schema: { hide: true },
      handler: async (request, reply) => {
        const res = await forward(request);
        copyHeaders(res.headers, reply);
        if (url.startsWith('/api/auth/callback/')) {
          // The popup keeps its opener (HDR-05); failures are logged (LOG-01).
          void reply.header('Cross-Origin-Opener-Policy', 'unsafe-none');
          const location = res.headers.get('location') ?? '';
          if (/[?&]error=/.test(location))
            logAuthEvent(
              request,
              'auth.google.failure',
              { reason: new URL(location, 'http://x').searchParams.get('error') ?? 'unknown' },
              'warn',
            );
        }
        void reply.status(res.status);
        return reply.send(res.body ? Buffer.from(await res.arrayBuffer()) : null);
      },
    });
  }
}
