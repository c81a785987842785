import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ocfExportQuery, ocfPaths } from '../../../contract/ocf';
import type { Db } from '../../db/database';
import { companyCallerOf } from '../../http/caller';
import { errorResponses } from '../../http/openapi';
import { ocfZipStream } from '../../ocf/ocf-package';
import { exportOcfPackage } from './export-ocf-package';

/** The package's bytes: a zip, streamed (fastify sends a stream as it is, unserialized). */
const zipFile = z.instanceof(Readable).meta({ type: 'string', format: 'binary' });

const exportSchema = {
  operationId: 'exportOcfPackage',
  tags: ['shareholders'],
  summary: 'The registry as an Open Cap Format package (administrator, read-only)',
  description:
    'An OCF package (.ocf.zip) of the registry as of `asOf` (the company’s today by default; ' +
    'a later date is refused with 400 naming asOf): Manifest.ocf.json (OCF version, issuer, ' +
    'as_of, generated_at, each file with its md5), Stakeholders.ocf.json, ' +
    'StockClasses.ocf.json, StockLegends.ocf.json (the certificate legend) and ' +
    'Transactions.ocf.json (stock issuances, transfers, conversions and cancellations, with ' +
    'their resulting and balance securities). Transactions dated after `asOf` are left out. ' +
    'Every export is written to the audit log. The mapping is decision 126.',
  querystring: ocfExportQuery,
  response: {
    200: {
      description: 'The OCF package as a zip attachment',
      content: { 'application/zip': { schema: zipFile } },
    },
    ...errorResponses(),
  },
};

/** The Open Cap Format export (issue 26, decision 126). */
export const ocfExportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(ocfPaths.export, { schema: exportSchema }, async (request, reply) => {
    const exported = await exportOcfPackage(db, companyCallerOf(request), {
      asOf: request.query.asOf,
      requestId: request.id,
    });
    return reply
      .type('application/zip')
      .header('Content-Disposition', `attachment; filename="${exported.fileName}"`)
      .header('Cache-Control', 'private, no-store')
      .send(ocfZipStream(exported.files, exported.generatedAt));
  });
};
