import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  certificatePaths,
  certificateRecordResponse,
  certificateRegisterQuery,
  certificateRegisterResponse,
} from '../../../contract/certificates';
import {
  certificatesQuery,
  certificatesResponse,
  idParams,
  ledgerPaths,
} from '../../../contract/ledger';
import type { Db } from '../../db/database';
import { errorResponses } from '../../http/openapi';
import { listCertificates } from './list-certificates';
import { companyCallerOf } from '../../http/caller';
import { PDF_CERTIFICATES, PDF_LIMITS, type PdfRender } from '../../pdf/render-limits';
import { certificateFileName, renderCertificatePdf } from './certificate-pdf';
import { getCertificatePdfFacts } from './get-certificate-pdf';
import { getCertificateRecord } from './get-certificate-record';
import { listCertificateRegister } from './list-certificate-register';

/** A file's bytes: `format: binary` tells generated clients to read a Blob, not JSON. */
const pdfFile = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' });

/** Certificates: a holder's list (the origin choice) and one certificate with its destinations. */
export const certificateRoutes: FastifyPluginAsyncZod<{ db: Db; render: PdfRender }> = async (
  app,
  { db, render },
) => {
  app.get(
    ledgerPaths.certificates,
    {
      schema: {
        operationId: 'listCertificates',
        tags: ['certificates'],
        summary: "A holder's certificates, ordered by number",
        description:
          'With `withBalance=true`, only certificates that still hold shares (the origins a ' +
          'Transfer, Convert or Cancel may draw on).',
        querystring: certificatesQuery,
        response: { 200: certificatesResponse, ...errorResponses('SHAREHOLDER.NOT_FOUND') },
      },
    },
    async (request) => ({
      rows: await listCertificates(db, {
        holderId: request.query.holderId,
        withBalance: request.query.withBalance === 'true',
        principal: companyCallerOf(request),
      }),
    }),
  );

  app.get(
    ledgerPaths.certificate,
    {
      schema: {
        operationId: 'getCertificate',
        tags: ['certificates'],
        summary: 'One certificate with its destination shares, history and lineage',
        description:
          'The certificates made from this one (Destination_Shares), its transactions, its ' +
          'register row (original shares, balance, status) and its lineage: the certificates ' +
          'it came from up to the root and those made from it, recursively (bounded; ' +
          '`truncated` says when cut). Administrator: any; shareholder: own.',
        params: idParams,
        response: {
          200: certificateRecordResponse,
          ...errorResponses('CERTIFICATE.NOT_FOUND'),
        },
      },
    },
    async (request) =>
      getCertificateRecord(db, {
        certificateId: request.params.id,
        principal: companyCallerOf(request),
      }),
  );

  registerRegisterRoute(app, db);
  registerPdfRoute(app, db, render);
};

type App = Parameters<FastifyPluginAsyncZod<{ db: Db }>>[0];

function registerRegisterRoute(app: App, db: Db) {
  app.get(
    certificatePaths.register,
    {
      schema: {
        operationId: 'listCertificateRegister',
        tags: ['certificates'],
        summary: "The company's certificate register, filtered, sorted and paged",
        description:
          'Every certificate of the company with its holder, class, issue date, origin, ' +
          'original shares, balance and status (outstanding, partly-transferred, ' +
          'fully-transferred, cancelled; decision 120), filtered by holder, class and status. ' +
          'A page past the last answers the last page.',
        querystring: certificateRegisterQuery,
        response: { 200: certificateRegisterResponse, ...errorResponses() },
      },
    },
    async (request) =>
      listCertificateRegister(db, { query: request.query, principal: companyCallerOf(request) }),
  );
}

function registerPdfRoute(app: App, db: Db, render: PdfRender) {
  app.get(
    certificatePaths.pdf,
    {
      schema: {
        operationId: 'getCertificatePdf',
        tags: ['certificates'],
        summary: 'One certificate as a printable PDF (administrator: any; shareholder: own)',
        description:
          'The certificate in the traditional form: company, number, holder, shares in words ' +
          'and figures, class, issue date, the restrictive legend, two signature lines, and ' +
          'CANCELLED, TRANSFERRED, CONVERTED or PARTLY TRANSFERRED across it when it no longer ' +
          `stands as issued. A user may have one render at a time and ` +
          `${PDF_LIMITS.perUserPerMinute} a minute: past that, 429 with Retry-After.`,
        params: idParams,
        response: {
          200: {
            description: 'The certificate as a PDF',
            content: { 'application/pdf': { schema: pdfFile } },
          },
          ...errorResponses('CERTIFICATE.NOT_FOUND', 'STATEMENT.PDF_LIMITED'),
        },
      },
    },
    async (request, reply) => {
      const principal = companyCallerOf(request);
      const facts = await getCertificatePdfFacts(db, {
        certificateId: request.params.id,
        principal,
      });
      const pdf = await render(
        principal.apiKey?.id ?? principal.userId,
        () => renderCertificatePdf(facts),
        PDF_CERTIFICATES,
      );
      return reply
        .type('application/pdf')
        .header(
          'Content-Disposition',
          `attachment; filename="${certificateFileName(facts.record)}"`,
        )
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );
}
