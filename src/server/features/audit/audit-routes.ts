import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditChainResponse, auditQuery, auditResponse } from '../../../contract/audit';
import { ledgerPaths } from '../../../contract/ledger';
import { verifyAuditChain } from './verify-audit-chain';
import type { Db } from '../../db/database';
import { listAudit } from './list-audit';
import { companyCallerOf } from '../../http/caller';

/** GET /api/v1/audit and /api/v1/audit/chain (administrators, ledger:read keys). */
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

  app.get(
    ledgerPaths.auditChain,
    {
      schema: {
        operationId: 'verifyAuditChain',
        tags: ['audit'],
        summary: "Recompute the company's audit hash chain",
        description:
          'Every audit entry carries the SHA-256 of its content and of the entry before it. ' +
          'This recomputes the chain and answers the last entry through which it holds, and ' +
          'the first that does not (changed, removed or reordered), if any.',
        response: { 200: auditChainResponse },
      },
    },
    async (request) => {
      const organizationId = companyCallerOf(request).organizationId;
      const report = await verifyAuditChain(db, organizationId);
      const [first] = report.breaks;
      return {
        entries: report.entries,
        verifiedThrough: report.verifiedThrough[organizationId] ?? 0,
        broken: first ? { entry: first.seq, problem: first.problem } : null,
      };
    },
  );
};
