import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { errorResponses } from '../../http/openapi';
import { getProfile } from './get-profile';
import { getStatement } from './get-statement';
import { listDirectory } from './list-directory';
import { saveProfile } from './save-profile';

const errors = errorResponses(400, 401, 403, 404, 503);

/** A route of this file: filed under shareholders, answering `ok` or one of the errors. */
const shareholdersSchema = <Ok, Parts extends { summary: string; description: string }>(
  operationId: string,
  ok: Ok,
  parts: Parts,
) => ({
  operationId,
  tags: ['shareholders'],
  ...parts,
  response: { 200: ok, ...errors },
});

const directorySchema = shareholdersSchema('listShareholders', directoryResponse, {
  summary: 'Directory of shareholders with totals (administrator)',
  description:
    "Every holder in the registry on `asOf` (the company's today by default; a later date is " +
    'refused with 400; administrators only with shares), with server-side search, sort by ' +
    "name in the language's order, and paging (a page past the end answers the last page), " +
    'and totals over every listed holder: `shareholders` counts the holders of record (with ' +
    'shares on that date), `withoutShares` the others.',
  querystring: directoryQuery,
});

const statementSchema = shareholdersSchema('getStatement', statementResponse, {
  summary: "A holder's statement as of a date",
  description:
    "Balances per class and every transaction up to `asOf` (the company's today by default; " +
    'a later date is refused with 400). An administrator may read any ' +
    "holder's statement; a shareholder only their own (another's answers 404).",
  params: idParams,
  querystring: statementQuery,
});

const profileSchema = shareholdersSchema('getProfile', profileResponse, {
  summary: "A holder's contact profile",
  description: "An administrator may read any holder's profile; a shareholder only their own.",
  params: idParams,
});

const saveProfileSchema = shareholdersSchema('saveProfile', saveProfileResponse, {
  summary: "Save a holder's contact profile (the spec's Save)",
  description:
    'Replaces the contact fields; only an administrator may change the name. Unknown ' +
    'fields (balances, admin flag, e-mail) are refused with 400.',
  params: idParams,
  body: saveProfileBody,
});

/** Directory, statement and profile (spec §2): roles checked by the access policy, then per holder. */
export const shareholderRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(ledgerPaths.shareholders, { schema: directorySchema }, async (request) =>
    listDirectory(db, {
      organizationId: request.principal!.organizationId!,
      timeZone: request.principal!.timeZone,
      query: request.query,
    }),
  );

  app.get(ledgerPaths.statement, { schema: statementSchema }, async (request) =>
    getStatement(db, {
      holderId: request.params.id,
      asOf: request.query.asOf,
      principal: request.principal!,
    }),
  );

  app.get(ledgerPaths.shareholder, { schema: profileSchema }, async (request) =>
    getProfile(db, { holderId: request.params.id, principal: request.principal! }),
  );

  app.put(ledgerPaths.shareholder, { schema: saveProfileSchema }, async (request) => {
    await saveProfile(db, {
      holderId: request.params.id,
      body: request.body,
      principal: request.principal!,
      requestId: request.id,
    });
    return { Shareholders: 'Success' as const };
  });
};
