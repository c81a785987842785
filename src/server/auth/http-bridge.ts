import type { FastifyReply, FastifyRequest } from 'fastify';

/** Headers a client may send that only the server may set: dropped, then set from Fastify. */
const SERVER_SET = new Set(['x-client-ip', 'x-forwarded-for', 'x-request-id']);

/**
 * Fastify request headers as WHATWG Headers for better-auth, with the client IP put in the one
 * header better-auth is told to trust (x-client-ip) and Fastify's request id in x-request-id, so
 * that the sign-in events logged from better-auth's hooks name the real IP and the id of this
 * request (LOG-01). The incoming values are dropped: the IP is Fastify's request.ip, which follows
 * its own trustProxy setting, and the request id is the one the response carries.
 */
export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [k, v] of Object.entries(request.headers)) {
    if (v === undefined || SERVER_SET.has(k)) continue;
    if (Array.isArray(v)) for (const x of v) headers.append(k, x);
    else headers.set(k, String(v));
  }
  headers.set('x-client-ip', request.ip);
  headers.set('x-request-id', request.id);
  return headers;
}

/** Copies better-auth's response headers; Set-Cookie values one by one (never joined). */
export function copyHeaders(from: Headers, reply: FastifyReply): void {
  from.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'set-auth-token' && key !== 'content-length')
      void reply.header(key, value);
  });
  const cookies = from.getSetCookie();
  if (cookies.length) void reply.header('set-cookie', cookies);
}
