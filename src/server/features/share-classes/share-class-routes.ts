import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, ledgerPaths } from '../../../contract/ledger';
import {
  shareClassRow,
  shareClassesResponse,
  updateShareClassBody,
} from '../../../contract/share-classes';
import type { Db } from '../../db/database';
import { companyCallerOf } from '../../http/caller';
import { errorResponses } from '../../http/openapi';
import { listShareClasses } from './list-share-classes';
import { setAuthorizedShares } from './set-authorized-shares';

const listSchema = {
  operationId: 'listShareClasses',
  tags: ['shareholders'],
  summary: "The company's share classes with authorized and outstanding shares",
  description:
    'Each class with its authorized shares (null: no limit set), the shares issued and ' +
    'outstanding (cancelled shares are retired, so the two are equal), and the percent of ' +
    'authorized outstanding.',
  response: { 200: shareClassesResponse, ...errorResponses() },
};

const updateSchema = {
  operationId: 'setAuthorizedShares',
  tags: ['shareholders'],
  summary: "Set a share class's authorized shares (administrator)",
  description:
    'The limit a New Issue or a conversion may not pass (409 LEDGER.EXCEEDS_AUTHORIZED), or ' +
    'null for none. Fewer than the shares outstanding is refused (409 ' +
    'SHARE_CLASS.BELOW_OUTSTANDING). Answers the class.',
  params: idParams,
  body: updateShareClassBody,
  response: {
    200: shareClassRow,
    ...errorResponses('SHARE_CLASS.NOT_FOUND', 'SHARE_CLASS.BELOW_OUTSTANDING'),
  },
};

/** The share classes and their authorized shares (issue 25). */
export const shareClassRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(ledgerPaths.shareClasses, { schema: listSchema }, async (request) => ({
    classes: await listShareClasses(db, companyCallerOf(request).organizationId),
  }));

  app.put(ledgerPaths.shareClass, { schema: updateSchema }, async (request) =>
    setAuthorizedShares(db, companyCallerOf(request), {
      classId: request.params.id,
      authorized: request.body.authorized,
      requestId: request.id,
    }),
  );
};
