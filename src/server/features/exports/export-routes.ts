import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { asOfQuery, capTablePaths } from '../../../contract/cap-table';
import {
  exportFormats,
  exportPath,
  exportReports,
  statementExportPath,
  type ExportFormat,
} from '../../../contract/constants/exports';
import type { Db } from '../../db/database';
import { companyCallerOf } from '../../http/caller';
import { errorResponses } from '../../http/openapi';
import { startExport, type ExportAsked } from './start-export';

const TITLES = {
  'cap-table': 'The cap table',
  'company-ledger': 'The company ledger',
  'stockholder-list': 'The stockholder list',
  'certificate-register': 'The certificate register',
  statement: "A holder's statement",
} as const;

const CONTENTS = {
  'cap-table':
    "every holder of record with their shares of each class, each class's percent and their " +
    'ownership percent, then a totals row per class and one for all shares',
  'company-ledger':
    'every transaction dated by then, in the ledger’s order, with its holder, certificate, ' +
    'counterparty, and its operation’s consideration, currency, approval and reversal links',
  'stockholder-list':
    'every holder of record by class (common, then preferred), alphabetically, with address ' +
    'and shares (DGCL §219)',
  'certificate-register':
    'every certificate issued by then, by number, with its holder, issue date, shares issued, ' +
    'moved out by kind, balance and status on the date',
  statement:
    "the holder's transactions dated by then with counterparty, operation facts and running " +
    'balance',
} as const;

const FILES = {
  csv: {
    type: 'text/csv',
    // The CSV's text: a string of text/csv is what it is.
    schema: z.string().meta({ type: 'string' }),
    words: 'CSV (RFC 4180, UTF-8)',
  },
  xlsx: {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    schema: z.string().meta({ type: 'string', format: 'binary' }),
    words:
      'an Excel workbook (numbers are numbers: shares with 2 decimals, costs and consideration ' +
      'in a currency format; dates are dates; the header row bold and frozen)',
  },
} as const;

const pascal = (text: string) =>
  text.replace(/(^|-)([a-z])/g, (_m, _d: string, c: string) => c.toUpperCase());

function exportSchema(report: keyof typeof TITLES, format: ExportFormat) {
  const file = FILES[format];
  return {
    operationId: `export${pascal(report)}${pascal(format)}`,
    tags: ['exports'],
    summary: `${TITLES[report]} as ${format.toUpperCase()} (administrator, read-only)`,
    description:
      `${TITLES[report]} as of \`asOf\` as ${file.words}: ${CONTENTS[report]}. An attachment ` +
      'named for the company, the report and the date (acme-inc-cap-table-2026-11-27.xlsx), ' +
      'sent as it is read, batch by batch. A text cell beginning with =, +, -, @, a tab, a ' +
      'carriage return or NUL starts with a single quote, so that no spreadsheet runs it. ' +
      'Every export is in the audit log. `asOf` is the company’s today by default; a later ' +
      'date is refused with 400 naming asOf.',
    querystring: asOfQuery,
    response: {
      200: {
        description: `${TITLES[report]} as a ${format.toUpperCase()} attachment`,
        content: { [file.type]: { schema: file.schema } },
      },
      ...(report === 'statement' ? errorResponses('SHAREHOLDER.NOT_FOUND') : errorResponses()),
    },
  };
}

/** Starts the export and sends it as an attachment, written as the client reads it. */
async function sendExport(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  asked: ExportAsked,
) {
  const started = await startExport(db, companyCallerOf(request), asked, {
    requestId: request.id,
  });
  started.done.catch((err: unknown) => request.log.error({ err }, 'export failed'));
  return reply
    .type(started.contentType)
    .header('Content-Disposition', `attachment; filename="${started.fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .send(started.body);
}

const holderParams = z.object({ holderId: z.uuid() });

/** The stockholder list's CSV at its address of issue 25, kept for links made before: the export. */
const stockholderListCsvSchema = {
  ...exportSchema('stockholder-list', 'csv'),
  operationId: 'getStockholderListCsv',
  summary: 'The stockholder list as CSV, at its first address (administrator, read-only)',
};

/** GET /api/v1/exports/{report}.{csv,xlsx} and /api/v1/exports/statement/{holderId}.{csv,xlsx}. */
export const exportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    capTablePaths.stockholderListCsv,
    { schema: stockholderListCsvSchema },
    async (request, reply) =>
      sendExport(db, request, reply, {
        report: 'stockholder-list',
        format: 'csv',
        asOf: request.query.asOf,
      }),
  );
  for (const format of exportFormats) {
    for (const report of exportReports) {
      app.get(
        exportPath(report, format),
        { schema: exportSchema(report, format) },
        async (request, reply) =>
          sendExport(db, request, reply, { report, format, asOf: request.query.asOf }),
      );
    }
    app.get(
      statementExportPath(format),
      { schema: { ...exportSchema('statement', format), params: holderParams } },
      async (request, reply) =>
        sendExport(db, request, reply, {
          report: 'statement',
          format,
          asOf: request.query.asOf,
          holderId: request.params.holderId,
        }),
    );
  }
};
