import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { safeText } from '../../contract/common';
import { logAuthEvent } from './auth-events';
import { copyHeaders, toHeaders } from './http-bridge';
import type { Auth } from './auth';
import type { Db } from '../db/database';
import { authSession } from '../db/schema';
import { AppError } from '../http/app-error';
import { errorResponses } from '../http/openapi';
import { endTokensOfEndedSessions, type RevokeRoute } from './end-tokens-of-ended-sessions';

const sessionRow = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullish(),
  userAgent: z.string().nullish(),
});

/**
 * better-auth's own endpoints under /api/auth: only the Google callback and the session list
 * behind SES-07 ("end one chosen session, or all of one's own"). Password sign-in, reset and
 * change go through /auth/*, where our rules, limits and logs apply; the web app reads who is
 * signed in from /api/v1/userInfo. No answer carries a session token: a token works as a bearer
 * token, so a page script must never see one (sessions are named by id instead).
 */
const mounted = {
  'GET /api/auth/callback/:providerId': {
    operationId: 'googleCallback',
    summary: 'Where Google sends the browser back',
    description: 'Sets the session cookie and redirects to the page the sign-in started from.',
    params: z.object({ providerId: z.enum(['google']) }),
    response: { 302: z.null().describe('To the app') },
  },
  'GET /api/auth/list-sessions': {
    operationId: 'listMySessions',
    summary: 'Your open sessions (SES-07)',
    description: 'Each browser session and API token of your login, by id; never their tokens.',
    response: { 200: z.array(sessionRow) },
  },
  'POST /api/auth/revoke-session': {
    operationId: 'endMySession',
    summary: 'End one of your sessions (SES-07)',
    description: 'The session is named by the id listMySessions gave.',
    body: z.object({ id: safeText().max(200) }),
    response: {
      200: z.object({ status: z.boolean() }),
      ...errorResponses('AUTH.SESSION_NOT_FOUND'),
    },
  },
  'POST /api/auth/revoke-sessions': {
    operationId: 'endAllMySessions',
    summary: 'End every session of yours (SES-07)',
    description: 'This one included.',
    response: { 200: z.object({ status: z.boolean() }) },
  },
  'POST /api/auth/revoke-other-sessions': {
    operationId: 'endMyOtherSessions',
    summary: 'End your sessions but this one (SES-07)',
    description: 'Keeps the session that asks.',
    response: { 200: z.object({ status: z.boolean() }) },
  },
} as const;

export const betterAuthMounted = Object.keys(mounted) as Array<keyof typeof mounted>;

/** A JSON body without any `token` field, at any depth. */
const withoutTokens = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutTokens)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([k]) => k !== 'token')
            .map(([k, v]) => [k, withoutTokens(v)]),
        )
      : value;

export async function betterAuthRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; db: Db },
): Promise<void> {
  const forward = async (request: FastifyRequest, body?: unknown) => {
    const url = new URL(request.url, 'http://internal');
    const target = new URL(`${url.pathname}${url.search}`, opts.auth.options.baseURL);
    const headers = toHeaders(request);
    // What is forwarded is JSON, whatever the caller sent (a POST may come with no body at all).
    if (request.method !== 'GET') headers.set('content-type', 'application/json');
    return opts.auth.handler(
      new Request(target, {
        method: request.method,
        headers,
        body: request.method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      }),
    );
  };

  /** revoke-session by id: the token is looked up among the caller's own sessions. */
  const revokeBody = async (request: FastifyRequest): Promise<{ token: string }> => {
    const found = await opts.auth.api
      .getSession({ headers: toHeaders(request), query: { disableRefresh: true } })
      .catch(() => null);
    const { id } = request.body as { id: string };
    if (!found) return { token: '' }; // better-auth answers 401 itself
    const [own] = await opts.db
      .select({ token: authSession.token })
      .from(authSession)
      .where(and(eq(authSession.id, id), eq(authSession.userId, found.user.id)));
    if (!own)
      throw new AppError({
        code: 'AUTH.SESSION_NOT_FOUND',
        message: 'No such session of yours.',
        field: 'id',
      });
    return { token: own.token };
  };

  for (const [route, schema] of Object.entries(mounted)) {
    const [method, url] = route.split(' ') as ['GET' | 'POST', string];
    app.route({
      method,
      url,
      schema: { ...schema, tags: ['auth'] },
      handler: async (request, reply) => {
        const body = url === '/api/auth/revoke-session' ? await revokeBody(request) : request.body;
        const res = await forward(request, body);
        // better-auth's own refusal of a caller without its session, in the API's one shape.
        if (res.status === 401)
          throw new AppError({ code: 'AUTH.UNAUTHENTICATED', message: 'Please sign in.' });
        copyHeaders(res.headers, reply);
        if (url.startsWith('/api/auth/revoke-') && res.ok && request.principal) {
          const endedId = (request.body as { id?: string } | undefined)?.id;
          await endTokensOfEndedSessions(opts.db, url as RevokeRoute, request.principal, endedId);
        }
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
          return reply
            .status(res.status)
            .send(res.body ? Buffer.from(await res.arrayBuffer()) : null);
        }
        const text = await res.text();
        void reply.status(res.status);
        return reply.send(text ? withoutTokens(JSON.parse(text)) : null);
      },
    });
  }
}
