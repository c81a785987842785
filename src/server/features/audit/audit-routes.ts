import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditQuery, auditResponse, ledgerPaths } from '../../../contract/ledger';
import type { Db } from '../../db/database';
import { listAudit } from './list-audit';
import { companyCallerOf } from '../../http/caller';

/** GET /api/v1/audit (administrator). */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    ledgerPaths.audit,
    {
      schema: {
        operationId: 'listAudit',
        tags: ['audit'],
        summary: 'The audit trail, filterable by holder, certificate and date range',
        description: 'Newest first, with the state before and after each change and its reason.',
        querystring: auditQuery,
        response: { 200: auditResponse },
      },
    },
    async (request) => ({
      rows: await listAudit(db, {
        organizationId: companyCallerOf(request).organizationId,
        query: request.query,
      }),
    }),
  );
};
