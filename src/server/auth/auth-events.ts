import type { FastifyRequest } from 'fastify';

/**
 * One log line per sign-in event (checklist LOG-01): UTC time (pino's `time`), user id, IP, user
 * agent and request id. Never a password, token, cookie or link (LOG-03); pino's JSON encoding
 * keeps CR/LF in values from splitting lines (LOG-04).
 */
export function logAuthEvent(
  request: FastifyRequest,
  event: string,
  fields: { userId?: string | null; email?: string; reason?: string; [k: string]: unknown },
  level: 'info' | 'warn' = 'info',
): void {
  request.log[level](
    {
      event,
      at: new Date().toISOString(),
      userId: fields.userId ?? null,
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
      requestId: request.id,
      ...fields,
    },
    event,
  );
}
