import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import { auditQuery, auditResponse, ledgerPaths } from '../../../contract/ledger';
import type { Db } from '../../db/database';
import { listAudit } from './list-audit';

/** GET /api/v1/audit (administrator). */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    ledgerPaths.audit,
    {
      schema: {
        tags: ['audit'],
        summary: 'The audit trail, filterable by holder, certificate and date range',
        querystring: auditQuery,
        response: { 200: auditResponse, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => ({
      rows: await listAudit(db, {
        organizationId: request.principal!.organizationId!,
        query: request.query,
      }),
    }),
  );
};
