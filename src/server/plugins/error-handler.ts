import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../contract/common';
import { idempotencyHeader } from '../../contract/ledger';
import { isLedgerError, type LedgerError } from '../../ledger';
import { isAppError, type AppError } from '../http/app-error';
import { errorAnswer } from '../http/error-answer';
import { isDatabaseUnavailable } from '../db/database';
import { idempotencyKeyRefusal } from '../ledger-store/idempotency';

const firstString = (value: unknown): string | undefined =>
  Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;

/** Headers a route's schema requires whose refusal has a code of its own. */
const headerRefusals: Record<string, (value: string | undefined) => AppError> = {
  [idempotencyHeader]: idempotencyKeyRefusal,
};

/** Maps every error to `{code, message, field?}`; 5xx details are logged, never sent. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const path = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
      // A strict object's unknown key is reported on the object itself (empty path for the
      // body): name the first unknown key, so the client knows which field to drop.
      const unknownKey =
        issue?.keyword === 'unrecognized_keys' ? firstString(issue.params.keys) : undefined;
      const field = unknownKey ? [path, unknownKey].filter(Boolean).join('.') : path || undefined;
      const where = error.validationContext ?? 'body';
      const refusal = where === 'headers' && field ? headerRefusals[field] : undefined;
      if (refusal)
        return answerCoded(refusal(firstHeader(request.headers[field!])), request, reply);
      const message = unknownKey
        ? `${field}: this field is not accepted`
        : field
          ? `${field}: ${issue?.message ?? 'is invalid'}`
          : `Invalid ${where}: ${issue?.message ?? 'is invalid'}`;
      return reply.code(400).send({ code: 'HTTP.VALIDATION', message, field } satisfies ErrorBody);
    }
    const coded: unknown = error;
    // A ledger refusal that a route did not answer itself names the ledger's own field.
    if (isAppError(coded) || isLedgerError(coded)) return answerCoded(coded, request, reply);
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).header('Retry-After', '5').send({
        code: 'DB.UNAVAILABLE',
        message: 'The service is temporarily unavailable. Please try again shortly.',
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        status === 415
          ? 'HTTP.UNSUPPORTED_MEDIA_TYPE'
          : status === 403
            ? 'AUTH.FORBIDDEN'
            : status === 404
              ? 'HTTP.NOT_FOUND'
              : status === 413
                ? 'HTTP.PAYLOAD_TOO_LARGE'
                : 'HTTP.BAD_REQUEST';
      // Fastify's own client errors (bad JSON, wrong content type) carry safe messages.
      return reply.code(status).send({ code, message: error.message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    } satisfies ErrorBody);
  });
}

const firstHeader = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value[0] : value;

function answerCoded(coded: AppError | LedgerError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = errorAnswer(coded);
  if (status >= 500) request.log.warn({ code: coded.code }, coded.message);
  if (status === 503) void reply.header('Retry-After', '5');
  if (isAppError(coded) && coded.retryAfter !== undefined)
    void reply
      .header('Retry-After', String(coded.retryAfter))
      .header('X-Retry-After', String(coded.retryAfter));
  return reply.code(status).send(body);
}
