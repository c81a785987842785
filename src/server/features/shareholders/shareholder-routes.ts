import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import {
  directoryQuery,
  directoryResponse,
  idParams,
  ledgerPaths,
  profileResponse,
  saveProfileBody,
  saveProfileResponse,
  statementQuery,
  statementResponse,
} from '../../../contract/ledger';
import type { Db } from '../../db/database';
import { getProfile } from './get-profile';
import { getStatement } from './get-statement';
import { listDirectory } from './list-directory';
import { saveProfile } from './save-profile';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Directory, statement and profile (spec §2): roles checked by the access policy, then per holder. */
export const shareholderRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    ledgerPaths.shareholders,
    {
      schema: {
        tags: ['shareholders'],
        summary: 'Directory of shareholders with totals (administrator)',
        querystring: directoryQuery,
        response: { 200: directoryResponse, ...errors },
      },
    },
    async (request) =>
      listDirectory(db, {
        organizationId: request.principal!.organizationId!,
        query: request.query,
      }),
  );

  app.get(
    ledgerPaths.statement,
    {
      schema: {
        tags: ['shareholders'],
        summary: "A holder's statement as of a date",
        params: idParams,
        querystring: statementQuery,
        response: { 200: statementResponse, ...errors },
      },
    },
    async (request) =>
      getStatement(db, {
        holderId: request.params.id,
        asOf: request.query.asOf,
        principal: request.principal!,
      }),
  );

  app.get(
    ledgerPaths.shareholder,
    {
      schema: {
        tags: ['shareholders'],
        summary: "A holder's contact profile",
        params: idParams,
        response: { 200: profileResponse, ...errors },
      },
    },
    async (request) =>
      getProfile(db, { holderId: request.params.id, principal: request.principal! }),
  );

  app.put(
    ledgerPaths.shareholder,
    {
      schema: {
        tags: ['shareholders'],
        summary: "Save a holder's contact profile (the spec's Save)",
        params: idParams,
        body: saveProfileBody,
        response: { 200: saveProfileResponse, ...errors },
      },
    },
    async (request) => {
      await saveProfile(db, {
        holderId: request.params.id,
        body: request.body,
        principal: request.principal!,
        requestId: request.id,
      });
      return { Shareholders: 'Success' as const };
    },
  );
};
