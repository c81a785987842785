import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import {
  idempotencyHeader,
  ledgerPaths,
  recordTransactionBody,
  recordTransactionResponse,
} from '../../../contract/ledger';
import type { Db } from '../../db/database';
import { requireIdempotencyKey } from '../../ledger-store/idempotency';
import { recordTransaction } from './record-transaction';

/** POST /api/v1/transactions (administrator; Idempotency-Key required). */
export const transactionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    ledgerPaths.transactions,
    {
      schema: {
        tags: ['ledger'],
        summary: 'Record a New Issue, Transfer, Convert to Preferred or Cancel',
        body: recordTransactionBody,
        response: {
          201: recordTransactionResponse,
          400: errorBody,
          409: errorBody,
          422: errorBody,
          503: errorBody,
        },
      },
    },
    async (request, reply) => {
      const key = requireIdempotencyKey(request.headers[idempotencyHeader]);
      const answer = await recordTransaction(db, {
        principal: request.principal!,
        body: request.body,
        idempotencyKey: key,
        requestId: request.id,
      });
      if (answer.replayed) void reply.header('Idempotent-Replayed', 'true');
      // The stored first answer, byte for byte what the first request got.
      return reply.code(answer.status as 201).send(answer.body as never);
    },
  );
};
