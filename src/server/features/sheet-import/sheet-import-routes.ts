import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { todayIn } from '../../../ledger';
import {
  SHEET_MAX_BYTES,
  sheetImportAnswer,
  sheetImportMessages,
  sheetImportPaths,
  sheetImportQuery,
  templateParams,
  type SheetFormat,
  type SheetImportKind,
} from '../../../contract/sheet-import';
import type { Database } from '../../db/open-database';
import { AppError } from '../../http/app-error';
import { companyCallerOf } from '../../http/caller';
import { errorResponses } from '../../http/openapi';
import { readSheet } from './read-sheet';
import { runSheetImport } from './run-sheet-import';
import { sheetTemplate } from './sheet-templates';

const fileRefused = (message: string, code: string) =>
  new AppError({ code, message, field: 'file' });

/** The name the sender gave the file, without control characters, at most 200 characters. */
const cleanName = (name: string | undefined) =>
  // eslint-disable-next-line no-control-regex
  (name ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || 'upload';

/** The request's one file, whole, or the refusal of a request that has none or too much. */
async function uploadedFile(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart())
    throw fileRefused(sheetImportMessages.notAFile, 'HTTP.UNSUPPORTED_MEDIA_TYPE');
  let part;
  try {
    part = await request.file();
  } catch {
    throw fileRefused(sheetImportMessages.notAFile, 'IMPORT.FILE_INVALID');
  }
  if (!part) throw fileRefused(sheetImportMessages.notAFile, 'IMPORT.FILE_INVALID');
  try {
    return { name: cleanName(part.filename), bytes: await part.toBuffer() };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fileRefused(sheetImportMessages.tooLarge, 'IMPORT.FILE_TOO_LARGE');
    throw fileRefused(sheetImportMessages.notAFile, 'IMPORT.FILE_INVALID');
  }
}

const templateFile = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' });

const templateSchema = {
  operationId: 'getImportTemplate',
  tags: ['ledger'],
  summary: 'A template for the spreadsheet import: holders or transactions, CSV or XLSX',
  description:
    'The header row the import reads and one example row, as an attachment: holders.csv, ' +
    'holders.xlsx, transactions.csv or transactions.xlsx.',
  params: templateParams,
  response: {
    200: {
      description: 'The template file',
      content: {
        'text/csv': { schema: templateFile },
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
          schema: templateFile,
        },
      },
    },
    ...errorResponses(),
  },
};

/**
 * POST /api/v1/imports (administrators): one CSV or XLSX file of holders or transactions,
 * previewed or committed; GET /api/v1/imports/templates/:file, the templates. Multipart is read
 * by this plugin alone, with its own limits (one file of at most 5 MB, no other parts).
 */
export const sheetImportRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  await app.register(multipart, {
    limits: { fileSize: SHEET_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
  });

  app.post(
    sheetImportPaths.imports,
    {
      schema: {
        operationId: 'importSpreadsheet',
        tags: ['ledger'],
        summary: 'Import holders or transactions from a CSV or XLSX file',
        description:
          'multipart/form-data with one file part (CSV in UTF-8, or an XLSX workbook, at most ' +
          '5 MB and 2,000 rows; the header row is row 1). kind says what the rows are. By ' +
          'default a preview: each row’s plan in words and every error by row and column, as ' +
          'the ledger decides it, and nothing written. commit=true writes every row in one ' +
          'transaction, or nothing when any row has an error (422 naming the rows). The same ' +
          'file committed again answers the first import’s receipt (alreadyImported) and ' +
          'writes nothing.',
        querystring: sheetImportQuery,
        upload: { description: 'The CSV (UTF-8) or XLSX file, its header row first.' },
        response: {
          200: sheetImportAnswer,
          201: sheetImportAnswer,
          ...errorResponses(
            'IMPORT.FILE_INVALID',
            'IMPORT.FILE_TOO_LARGE',
            'IMPORT.TOO_MANY_ROWS',
            'IMPORT.ROWS_REFUSED',
            'SHAREHOLDER.EMAIL_TAKEN',
            'DB.BUSY',
          ),
        },
      },
    },
    async (request, reply) => {
      const caller = companyCallerOf(request);
      const { name, bytes } = await uploadedFile(request);
      const sheet = await readSheet(bytes);
      const answer = await runSheetImport(database, {
        organizationId: caller.organizationId,
        actor: { userId: caller.userId, holderId: caller.holderId },
        today: todayIn(caller.timeZone),
        requestId: request.id,
        kind: request.query.kind,
        fileName: name,
        contentHash: createHash('sha256').update(bytes).digest('hex'),
        sheet,
        commit: request.query.commit === 'true',
      });
      return reply.code(answer.committed && !answer.alreadyImported ? 201 : 200).send(answer);
    },
  );

  app.get(sheetImportPaths.template, { schema: templateSchema }, async (request, reply) => {
    const [kind, format] = request.params.file.split('.') as [SheetImportKind, SheetFormat];
    const file = await sheetTemplate(kind, format);
    return reply
      .type(file.contentType)
      .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
      .header('Cache-Control', 'private, no-store')
      .send(file.body);
  });
};
