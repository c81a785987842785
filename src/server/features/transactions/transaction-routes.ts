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
import { previewTransaction } from './preview-transaction';
import { correctionPaths, previewResponse } from '../../../contract/corrections';
import { LEDGER_ERROR_CODES } from '../../../ledger';
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

  app.post(
    correctionPaths.previewTransaction,
    {
      schema: {
        operationId: 'previewTransaction',
        tags: ['ledger'],
        summary: 'What recording this transaction would do, without recording it',
        description:
          'The same body as POST /api/v1/transactions, decided by the same rules on the ledger as ' +
          'it stands: the certificates it would use and create, and each holder’s balances ' +
          'before and after; or the same refusal the posting would answer. Nothing is written ' +
          'and no Idempotency-Key is needed (Manage Shares’ review step).',
        body: recordTransactionBody,
        response: { 200: previewResponse, ...errorResponses(...LEDGER_ERROR_CODES, 'DB.BUSY') },
      },
    },
    async (request) => previewTransaction(database, companyCallerOf(request), request.body),
  );
};
