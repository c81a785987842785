import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, ledgerPaths, profileResponse } from '../../../contract/ledger';
import { setHolderAccessBody } from '../../../contract/shareholders';
import type { Db } from '../../db/database';
import { companyCallerOf } from '../../http/caller';
import { errorResponses } from '../../http/openapi';
import { setHolderAccess } from './set-holder-access';

const accessSchema = {
  operationId: 'setShareholderAccess',
  tags: ['shareholders'],
  summary: "Set a holder's access: holder or read-only (administrator)",
  description:
    'A read-only holder (a board member, auditor or counsel) sees what administrators see: the ' +
    'directory, every statement and certificate, the company ledger, the cap table and the ' +
    'audit trail, and changes nothing. `holder` returns them to their own records. An ' +
    "administrator's access is not changed here (409 SHAREHOLDER.IS_ADMINISTRATOR). Answers the " +
    'profile.',
  params: idParams,
  body: setHolderAccessBody,
  response: {
    200: profileResponse,
    ...errorResponses('SHAREHOLDER.NOT_FOUND', 'SHAREHOLDER.IS_ADMINISTRATOR'),
  },
};

/** Who may see the whole registry without changing it (issue 25's read-only role). */
export const accessRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.put(ledgerPaths.shareholderAccess, { schema: accessSchema }, async (request) =>
    setHolderAccess(db, companyCallerOf(request), {
      holderId: request.params.id,
      access: request.body.access,
      requestId: request.id,
    }),
  );
};
