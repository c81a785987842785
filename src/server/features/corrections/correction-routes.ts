import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { correctionPaths, reverseOperationBody } from '../../../contract/corrections';
import {
  idParams,
  idempotencyHeader,
  postingHeaders,
  recordTransactionResponse,
} from '../../../contract/ledger';
import type { Database } from '../../db/open-database';
import { companyCallerOf } from '../../http/caller';
import { errorResponses } from '../../http/openapi';
import { postingErrorCodes } from '../../ledger-store/posting-codes';
import { reverseOperation } from './reverse-operation';

const reverseSchema = {
  operationId: 'reverseOperation',
  tags: ['ledger'],
  summary: 'Reverse a recorded operation (administrator)',
  description:
    'Posts the inverse of the operation as a new operation that names it (reversesOperationId), ' +
    "dated the company's today; the original stays. A New Issue is undone by a Cancel of its " +
    'certificate, a Transfer by a transfer back, a Cancel by a New Issue; a conversion to ' +
    'preferred cannot be reversed. Refused, writing nothing, when the shares have since moved ' +
    '(LEDGER.REVERSAL_BLOCKED), when the operation was already reversed or is itself a ' +
    'reversal. Exactly once per Idempotency-Key, as POST /api/v1/transactions.',
  params: idParams,
  headers: postingHeaders,
  body: reverseOperationBody,
  response: {
    201: recordTransactionResponse,
    ...errorResponses('OPERATION.NOT_FOUND', ...postingErrorCodes),
  },
};

/** Corrections of the ledger (issue 25, decision 122). */
export const correctionRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.post(correctionPaths.reverseOperation, { schema: reverseSchema }, async (request, reply) => {
    const answer = await reverseOperation(database, {
      principal: companyCallerOf(request),
      operationId: request.params.id,
      reason: request.body.Reason,
      idempotencyKey: request.headers[idempotencyHeader],
      requestId: request.id,
      notices: request.server.notices,
    });
    if (answer.replayed) void reply.header('Idempotent-Replayed', 'true');
    return reply.code(answer.status as 201).send(answer.body as never);
  });
};
