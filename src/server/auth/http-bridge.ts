import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Fastify request headers as WHATWG Headers for better-auth, with the client IP put in the one
 * header better-auth is told to trust (x-client-ip). The incoming x-client-ip and X-Forwarded-For
 * are dropped: the IP is Fastify's request.ip, which follows its own trustProxy setting.
 */
export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [k, v] of Object.entries(request.headers)) {
    if (v === undefined || k === 'x-client-ip' || k === 'x-forwarded-for') continue;
    if (Array.isArray(v)) for (const x of v) headers.append(k, x);
    else headers.set(k, String(v));
  }
  headers.set('x-client-ip', request.ip);
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
