import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idempotencyHeader,
  ledgerPaths,
  postingHeaders,
  recordTransactionBody,
  recordTransactionResponse,
} from '../../../contract/ledger';
import type { Database } from '../../db/open-database';
import { errorResponses } from '../../http/openapi';
import { postingErrorCodes } from '../../ledger-store/posting-codes';
import { recordTransaction } from './record-transaction';
import { companyCallerOf } from '../../http/caller';

/** POST /api/v1/transactions (administrator; Idempotency-Key required). */
export const transactionRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.post(
    ledgerPaths.transactions,
    {
      schema: {
        operationId: 'recordTransaction',
        tags: ['ledger'],
        summary: 'Record a New Issue, Transfer, Convert to Preferred or Cancel',
        description:
          'Exactly once per Idempotency-Key header: the first answer, a refusal included, is ' +
          'stored and replayed byte for byte (Idempotent-Replayed: true) for the same key and body.',
        headers: postingHeaders,
        body: recordTransactionBody,
        response: {
          201: recordTransactionResponse,
          ...errorResponses(...postingErrorCodes),
        },
      },
    },
    async (request, reply) => {
      const answer = await recordTransaction(database, {
        principal: companyCallerOf(request),
        body: request.body,
        idempotencyKey: request.headers[idempotencyHeader],
        requestId: request.id,
        notices: request.server.notices,
      });
      if (answer.replayed) void reply.header('Idempotent-Replayed', 'true');
      // The stored first answer, byte for byte what the first request got.
      return reply.code(answer.status as 201).send(answer.body as never);
    },
  );
};
