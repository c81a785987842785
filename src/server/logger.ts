import type { FastifyServerOptions } from 'fastify';
import { stdSerializers, type DestinationStream, type SerializedError } from 'pino';

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

/**
 * Secrets by their shape or their name, cut out of every log line whatever wrote it (better-auth's
 * messages, an error's text, a field a use case logs): bearer tokens, session and device cookie
 * values, secrets in a URL's query, argon2 and scrypt password hashes, API keys, the values a
 * failed query was given, and any JSON field named like a password, token, secret or key. Lines
 * are pino's JSON: every replacement stays inside its string.
 */
const LINE_SECRETS: Array<[RegExp, string | ((...m: string[]) => string)]> = [
  [
    /"([A-Za-z_]*(?:password|Password|token|Token|secret|Secret|apiKey|ApiKey|authorization|cookie))":"(?:[^"\\]|\\.)*"/g,
    '"$1":"[Redacted]"',
  ],
  [/\bBearer\s+(?!\[Redacted\])[^\s"\\]+/gi, 'Bearer [Redacted]'],
  [/((?:session_token|registry\.device)=)(?!\[Redacted\])[^;\s"\\,]+/g, '$1[Redacted]'],
  [
    /([?&](?:token|code|state|refreshToken|accessToken|access_token|id_token)=)(?!\[Redacted\])[^&#\s"\\]+/gi,
    '$1[Redacted]',
  ],
  [/\$argon2(?:id|i|d)\$[^\s"\\]+/g, () => '[Redacted]'],
  [/\b[0-9a-f]{32}:[0-9a-f]{128}\b/g, '[Redacted]'],
  [/\bsrk_[\w-]{16,}/g, 'srk_[Redacted]'],
  [/(\\nparams: )(?:[^"\\]|\\[^n])*/g, '$1[Redacted]'],
];

/** A log line with every secret of LINE_SECRETS cut out (LOG-03, issue 23). */
export const redactLine = (line: string): string =>
  LINE_SECRETS.reduce(
    (s, [shape, by]) => s.replace(shape, by as (substring: string, ...args: string[]) => string),
    line,
  );

/**
 * pino's error serializer, without the values a failed query was given (drizzle puts them in the
 * message as "params: ..." and in `params`) nor the row it failed on (PostgreSQL's `detail`).
 */
export function errWithoutValues(err: Error): SerializedError {
  const out = stdSerializers.err(err);
  if (out === null || typeof out !== 'object') return out;
  for (let e: unknown = err; e !== null && typeof e === 'object'; e = (e as Error).cause) {
    const params = (e as { params?: unknown }).params;
    if (!Array.isArray(params)) continue;
    const shown = `\nparams: ${String(params)}`;
    for (const key of ['message', 'stack'] as const)
      if (typeof out[key] === 'string')
        out[key] = out[key].split(shown).join('\nparams: [Redacted]');
  }
  delete out.params;
  delete out.detail;
  return out;
}

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
    hooks: { streamWrite: redactLine },
    serializers: {
      err: errWithoutValues,
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
