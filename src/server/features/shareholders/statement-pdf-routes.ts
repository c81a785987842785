import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, ledgerPaths, statementQuery } from '../../../contract/ledger';
import type { Db } from '../../db/database';
import { errorResponses } from '../../http/openapi';
import { getStatement } from './get-statement';
import { PDF_LIMITS, PDF_STATEMENTS, type PdfRender } from '../../pdf/render-limits';
import { renderStatementPdf, statementFileName } from './statement-pdf';
import { companyCallerOf } from '../../http/caller';

/** A file's bytes: `format: binary` tells generated clients to read a Blob, not JSON. */
const pdfFile = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' });

/** GET /api/v1/shareholders/:id/statement.pdf?asOf=: the statement as a PDF download. */
export const statementPdfRoutes: FastifyPluginAsyncZod<{ db: Db; render: PdfRender }> = async (
  app,
  { db, render },
) => {
  app.get(
    ledgerPaths.statementPdf,
    {
      schema: {
        operationId: 'getStatementPdf',
        tags: ['shareholders'],
        summary: "A holder's statement as a PDF (administrator: any; shareholder: own)",
        description:
          'The same statement as getStatement, as a printable PDF attachment. A user may have ' +
          `one render at a time and ${PDF_LIMITS.perUserPerMinute} a minute, the server ` +
          `${PDF_LIMITS.atOnce} at once: past that, 429 with Retry-After.`,
        params: idParams,
        querystring: statementQuery,
        response: {
          200: {
            description: 'The statement as a PDF attachment',
            content: { 'application/pdf': { schema: pdfFile } },
          },
          ...errorResponses('SHAREHOLDER.NOT_FOUND', 'STATEMENT.PDF_LIMITED'),
        },
      },
    },
    async (request, reply) => {
      const principal = companyCallerOf(request);
      // The statement first: one the caller may not read, or may not have as of that date, is
      // refused as such (404, 400) and never counts against their renders.
      const statement = await getStatement(db, {
        holderId: request.params.id,
        asOf: request.query.asOf,
        principal,
      });
      const pdf = await render(
        principal.apiKey?.id ?? principal.userId,
        () => renderStatementPdf(statement),
        PDF_STATEMENTS,
      );
      const name = statementFileName(statement);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
};
