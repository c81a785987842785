import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companyLedgerPath,
  companyLedgerQuery,
  companyLedgerResponse,
} from '../../../contract/company-ledger';
import type { Db } from '../../db/database';
import { companyCallerOf } from '../../http/caller';
import { listCompanyLedger } from './list-company-ledger';

/** GET /api/v1/ledger: the company ledger (administrators, ledger:read keys). */
export const companyLedgerRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    companyLedgerPath,
    {
      schema: {
        operationId: 'listCompanyLedger',
        tags: ['ledger'],
        summary: "The company ledger: every share transaction of the caller's company",
        description:
          'Filterable by date range (`from`, `to`, inclusive), transaction `type`, holder and ' +
          'certificate; sorted by date, shares, holder name or certificate number (ties in ' +
          'posting order) and paged (`page`, `pageSize` up to 200, with the `total`; a page past ' +
          'the last answers the last). Each row names its holder, its certificate and origin, ' +
          "the other side of a transfer, and its operation's consideration, approval and " +
          'reversal links.',
        querystring: companyLedgerQuery,
        response: { 200: companyLedgerResponse },
      },
    },
    async (request) =>
      listCompanyLedger(db, {
        organizationId: companyCallerOf(request).organizationId,
        query: request.query,
      }),
  );
};
