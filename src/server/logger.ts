import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/** Paths whose values never reach a log line (checklist LOG-03). */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.idToken',
  // An OAuth authorization code, wherever a request's query or body is logged (not err.code).
  '*.query.code',
  'query.code',
  '*.secret',
  'password',
  'token',
];

const SECRET_QUERY =
  /([?&](?:token|code|state|refreshToken|accessToken|access_token|id_token)=)[^&#]*/gi;

/** Query-string secrets (reset tokens, OAuth codes) are cut out of logged URLs. */
export const scrubUrl = (url: string): string => url.replace(SECRET_QUERY, '$1[Redacted]');

interface RawRequest {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  ip?: string;
  socket?: { remoteAddress?: string };
}

export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: redactPaths, censor: '[Redacted]' },
    serializers: {
      req: (req: RawRequest) => ({
        method: req.method,
        url: scrubUrl(req.url),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
        userAgent: req.headers['user-agent'],
        // Kept so that the redaction of credentials is visible (and tested) rather than assumed.
        headers: Object.fromEntries(
          ['authorization', 'cookie', 'origin', 'x-api-key']
            .filter((h) => req.headers[h] !== undefined)
            .map((h) => [h, req.headers[h]]),
        ),
      }),
    },
  };
}
