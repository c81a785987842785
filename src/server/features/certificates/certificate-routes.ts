import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  certificateDetailResponse,
  certificatesQuery,
  certificatesResponse,
  idParams,
  ledgerPaths,
} from '../../../contract/ledger';
import type { Db } from '../../db/database';
import { errorResponses } from '../../http/openapi';
import { getCertificate } from './get-certificate';
import { listCertificates } from './list-certificates';
import { companyCallerOf } from '../../http/caller';

/** Certificates: a holder's list (the origin choice) and one certificate with its destinations. */
export const certificateRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
        summary: 'One certificate with its destination shares and history',
        description:
          'The certificates made from this one (Destination_Shares) and its transactions.',
        params: idParams,
        response: {
          200: certificateDetailResponse,
          ...errorResponses('CERTIFICATE.NOT_FOUND'),
        },
      },
    },
    async (request) =>
      getCertificate(db, { certificateId: request.params.id, principal: companyCallerOf(request) }),
  );
};
