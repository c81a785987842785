import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companySettings,
  companySettingsBody,
  correctionPaths,
} from '../../../contract/corrections';
import type { Db } from '../../db/database';
import { companyCallerOf } from '../../http/caller';
import { errorResponses } from '../../http/openapi';
import { readCompanySettings, saveCompanySettings } from './company-settings';

const readSchema = {
  operationId: 'getCompanySettings',
  tags: ['shareholders'],
  summary: "The company's settings: whole shares only and the certificate legend",
  description:
    'Whether the company issues whole shares only (a transaction with a fraction of a share is ' +
    'then refused, 409 LEDGER.FRACTIONAL_SHARES naming Shares) and the restrictive legend ' +
    'printed on its certificates.',
  response: { 200: companySettings, ...errorResponses() },
};

const saveSchema = {
  operationId: 'setCompanySettings',
  tags: ['shareholders'],
  summary: "Change the company's settings (administrator)",
  description:
    'Sets both settings at once and answers them; audited with what they were before. Whole ' +
    'shares only applies to every transaction recorded afterwards, through any route.',
  body: companySettingsBody,
  response: { 200: companySettings, ...errorResponses() },
};

/** The company's settings (issue 25, decision 122). */
export const companySettingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(correctionPaths.companySettings, { schema: readSchema }, async (request) =>
    readCompanySettings(db, companyCallerOf(request).organizationId),
  );

  app.put(correctionPaths.companySettings, { schema: saveSchema }, async (request) =>
    saveCompanySettings(db, companyCallerOf(request), {
      settings: request.body,
      requestId: request.id,
    }),
  );
};
