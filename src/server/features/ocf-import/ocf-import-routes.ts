import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ocfImportLimits,
  ocfImportPath,
  ocfImportQuery,
  ocfImportReport,
} from '../../../contract/ocf-import';
import type { Database } from '../../db/open-database';
import { AppError } from '../../http/app-error';
import { companyCallerOf } from '../../http/caller';
import { errorResponses } from '../../http/openapi';
import { organizationOf } from '../../http/organization-of';
import { readOcfPackage, type Upload } from './read-ocf-package';
import { runOcfImport } from './run-ocf-import';

const refuse = (code: string, message: string): never => {
  throw new AppError({ code, message, field: 'file' });
};

/** The request's files, within the limits; a part past them is refused naming `file`. */
async function uploadsOf(request: FastifyRequest): Promise<Upload[]> {
  if (!request.isMultipart())
    refuse('HTTP.UNSUPPORTED_MEDIA_TYPE', 'Send the package as multipart/form-data, field file.');
  const uploads: Upload[] = [];
  try {
    for await (const part of request.files()) {
      if (part.fieldname !== 'file')
        refuse('HTTP.VALIDATION', `${part.fieldname}: send files as file`);
      uploads.push({ name: part.filename || 'upload', data: await part.toBuffer() });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      refuse('HTTP.PAYLOAD_TOO_LARGE', `A file is larger than ${ocfImportLimits.fileBytes} bytes.`);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      refuse('HTTP.PAYLOAD_TOO_LARGE', `Send at most ${ocfImportLimits.files} files.`);
    refuse('HTTP.BAD_REQUEST', 'The upload could not be read as multipart/form-data.');
  }
  return uploads;
}

/**
 * POST /api/v1/ocf/import (administrators): an Open Cap Format package into the caller's
 * organization. Multipart is registered here, in this plugin only, with its limits.
 */
export const ocfImportRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  await app.register(multipart, {
    limits: {
      fileSize: ocfImportLimits.fileBytes,
      files: ocfImportLimits.files,
      fields: 5,
      parts: ocfImportLimits.files + 5,
      fieldSize: 1024,
    },
  });
  app.post(
    ocfImportPath,
    {
      schema: {
        operationId: 'importOcfPackage',
        tags: ['ledger'],
        summary: 'Import an Open Cap Format package (dry run or commit)',
        description:
          'multipart/form-data with one or more `file` parts: an .ocf.zip or the package’s ' +
          '.ocf.json files. Without commit=true (the default, or dryRun=true) it is a dry run: ' +
          'the report of what would be created, what the registry cannot express and what fails ' +
          'the OCF schemas, by OCF id; nothing is written. commit=true writes it all through the ' +
          'ledger’s rules in one transaction, or nothing (409 when the registry already has ' +
          'transactions, 422 naming the OCF id the ledger refuses). The same package again ' +
          'answers alreadyImported and writes nothing.',
        querystring: ocfImportQuery,
        upload: {
          description: 'The .ocf.zip, or the package’s .ocf.json files (manifest included).',
          many: true,
        },
        response: {
          200: ocfImportReport,
          ...errorResponses(
            'OCF.NOT_A_ZIP',
            'OCF.ZIP_TOO_LARGE',
            'OCF.NOT_JSON',
            'OCF.NOT_OCF',
            'OCF.NO_FILES',
            'OCF.REGISTRY_NOT_EMPTY',
            'OCF.LEDGER_REFUSED',
            'HTTP.PAYLOAD_TOO_LARGE',
            'HTTP.UNSUPPORTED_MEDIA_TYPE',
          ),
        },
      },
    },
    async (request) => {
      const organizationId = organizationOf(request);
      const caller = companyCallerOf(request);
      const pkg = readOcfPackage(await uploadsOf(request));
      const commit = request.query.commit === 'true' && request.query.dryRun !== 'true';
      return runOcfImport(database, {
        organizationId,
        pkg,
        commit,
        actor: { userId: caller.userId, holderId: caller.holderId },
      });
    },
  );
};
