import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common';
import {
  certificateDetailResponse,
  certificatesQuery,
  certificatesResponse,
  idParams,
  ledgerPaths,
} from '../../../contract/ledger';
import type { Db } from '../../db/database';
import { getCertificate } from './get-certificate';
import { listCertificates } from './list-certificates';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Certificates: a holder's list (the origin choice) and one certificate with its destinations. */
export const certificateRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    ledgerPaths.certificates,
    {
      schema: {
        tags: ['certificates'],
        summary: "A holder's certificates, ordered by number",
        querystring: certificatesQuery,
        response: { 200: certificatesResponse, ...errors },
      },
    },
    async (request) => ({
      rows: await listCertificates(db, {
        holderId: request.query.holderId,
        withBalance: request.query.withBalance === 'true',
        principal: request.principal!,
      }),
    }),
  );

  app.get(
    ledgerPaths.certificate,
    {
      schema: {
        tags: ['certificates'],
        summary: 'One certificate with its destination shares and history',
        params: idParams,
        response: { 200: certificateDetailResponse, ...errors },
      },
    },
    async (request) =>
      getCertificate(db, { certificateId: request.params.id, principal: request.principal! }),
  );
};
