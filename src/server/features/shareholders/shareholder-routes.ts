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
import type { ErrorCode } from '../../http/error-status';
import { errorResponses } from '../../http/openapi';
import { getProfile } from './get-profile';
import { getStatement } from './get-statement';
import { listDirectory } from './list-directory';
import { saveProfile } from './save-profile';
import { addShareholder } from './add-shareholder';
import { setHolderActive } from './set-holder-active';
import { newShareholderBody } from '../../../contract/shareholders';
import { companyCallerOf } from '../../http/caller';

/** A holder who is not there, or (for a shareholder) is someone else. */
const holderCodes: ErrorCode[] = ['SHAREHOLDER.NOT_FOUND'];

/** A route of this file: filed under shareholders, answering `ok` or one of its error codes. */
const shareholdersSchema = <Ok, Parts extends { summary: string; description: string }>(
  operationId: string,
  ok: Ok,
  parts: Parts,
  codes: ErrorCode[] = [],
) => ({
  operationId,
  tags: ['shareholders'],
  ...parts,
  response: { 200: ok, ...errorResponses(...codes) },
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

const statementSchema = shareholdersSchema(
  'getStatement',
  statementResponse,
  {
    summary: "A holder's statement as of a date",
    description:
      "Balances per class and every transaction up to `asOf` (the company's today by default; " +
      'a later date is refused with 400). An administrator may read any ' +
      "holder's statement; a shareholder only their own (another's answers 404).",
    params: idParams,
    querystring: statementQuery,
  },
  holderCodes,
);

const profileSchema = shareholdersSchema(
  'getProfile',
  profileResponse,
  {
    summary: "A holder's contact profile",
    description: "An administrator may read any holder's profile; a shareholder only their own.",
    params: idParams,
  },
  holderCodes,
);

const saveProfileSchema = shareholdersSchema(
  'saveProfile',
  saveProfileResponse,
  {
    summary: "Save a holder's contact profile (the spec's Save)",
    description:
      'Replaces the contact fields; only an administrator may change the name and the e-mail ' +
      '(unique in the company). Unknown fields (balances, admin flag) are refused with 400.',
    params: idParams,
    body: saveProfileBody,
  },
  [...holderCodes, 'VALIDATION.ID_MISMATCH', 'VALIDATION.READ_ONLY', 'SHAREHOLDER.EMAIL_TAKEN'],
);

const addShareholderSchema = {
  operationId: 'addShareholder',
  tags: ['shareholders'],
  summary: 'Add a shareholder (administrator)',
  description:
    "A holder of the caller's company, with no shares until a New Issue or a Transfer gives " +
    'them some. Name is required; the e-mail (their sign-in name) is optional and unique in ' +
    'the company (409 SHAREHOLDER.EMAIL_TAKEN). Answers the new profile.',
  body: newShareholderBody,
  response: { 201: profileResponse, ...errorResponses('SHAREHOLDER.EMAIL_TAKEN') },
};

const activeSchema = (active: boolean) =>
  shareholdersSchema(
    active ? 'reactivateShareholder' : 'deactivateShareholder',
    profileResponse,
    active
      ? {
          summary: 'Reactivate a shareholder (administrator)',
          description: 'The holder is listed again and may sign in again. Answers the profile.',
          params: idParams,
        }
      : {
          summary: 'Deactivate a shareholder with no shares (administrator)',
          description:
            'The holder leaves the directory, the pickers and the totals, and can no longer ' +
            'sign in; their history stays. Refused while they hold shares (409 ' +
            'SHAREHOLDER.HAS_SHARES) and for your own holder record. Answers the profile.',
          params: idParams,
        },
    active
      ? holderCodes
      : [...holderCodes, 'SHAREHOLDER.HAS_SHARES', 'SHAREHOLDER.DEACTIVATE_SELF'],
  );

/** Directory, statement and profile (spec §2): roles checked by the access policy, then per holder. */
export const shareholderRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(ledgerPaths.shareholders, { schema: directorySchema }, async (request) =>
    listDirectory(db, {
      organizationId: companyCallerOf(request).organizationId,
      timeZone: companyCallerOf(request).timeZone,
      query: request.query,
    }),
  );

  app.get(ledgerPaths.statement, { schema: statementSchema }, async (request) =>
    getStatement(db, {
      holderId: request.params.id,
      asOf: request.query.asOf,
      principal: companyCallerOf(request),
    }),
  );

  app.get(ledgerPaths.shareholder, { schema: profileSchema }, async (request) =>
    getProfile(db, { holderId: request.params.id, principal: companyCallerOf(request) }),
  );

  app.post(ledgerPaths.shareholders, { schema: addShareholderSchema }, async (request, reply) => {
    const created = await addShareholder(db, companyCallerOf(request), request.body, request.id);
    return reply.code(201).send(created);
  });

  for (const active of [false, true])
    app.post(
      active ? ledgerPaths.reactivateShareholder : ledgerPaths.deactivateShareholder,
      { schema: activeSchema(active) },
      async (request) =>
        setHolderActive(db, companyCallerOf(request), {
          holderId: request.params.id,
          active,
          requestId: request.id,
        }),
    );

  app.put(ledgerPaths.shareholder, { schema: saveProfileSchema }, async (request) => {
    await saveProfile(db, {
      holderId: request.params.id,
      body: request.body,
      principal: companyCallerOf(request),
      requestId: request.id,
    });
    return { Shareholders: 'Success' as const };
  });
};
