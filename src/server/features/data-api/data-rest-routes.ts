import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionBody,
  actionParams,
  dashboardResponse,
  dataPaths,
  dataRow,
  restEntities,
  schemaResponse,
} from '../../../contract/data-api';
import type { DataLane } from '../../db/data-lane';
import { errorResponses } from '../../http/openapi';
import { dataErrorCodes } from './data-errors';
import type { DataApp } from './data-app';
import { describeSchema } from './describe-schema';
import { getDashboard } from './get-dashboard';
import { entityRoutes } from './entity-routes';
import { organizationOf } from '../../http/organization-of';
import { runAction } from './run-action';
import { companyCallerOf } from '../../http/caller';

/** The per-entity routes, the actions, the dashboard and the schema of the database API. */
export const dataRestRoutes: FastifyPluginAsyncZod<{ lane: DataLane }> = async (app, { lane }) => {
  infoRoutes(app, lane);
  for (const entity of restEntities) entityRoutes(app, lane, entity);
  actionRoute(app, lane);
};

function infoRoutes(app: DataApp, lane: DataLane) {
  app.get(
    dataPaths.schema,
    {
      schema: {
        operationId: 'describeDataSchema',
        tags: ['data'],
        summary: 'The entities, their fields, relations, states and actions',
        description: 'Also the operators each field type accepts, the aggregates and the limits.',
        response: { 200: schemaResponse },
      },
    },
    async () => describeSchema(),
  );

  app.get(
    dataPaths.dashboard,
    {
      schema: {
        operationId: 'getDataDashboard',
        tags: ['data'],
        summary: 'Counts, lead pipeline, monthly orders and revenue, low stock, visits',
        description:
          'Records per entity and status; lead count and value per status; orders and revenue ' +
          '(cancelled orders left out) for each of the last 12 months; active tracked products ' +
          'at or below their minimum stock; visits per status.',
        response: { 200: dashboardResponse, ...errorResponses(...dataErrorCodes.read) },
      },
    },
    async (request) => getDashboard(lane, { organizationId: organizationOf(request) }),
  );
}

function actionRoute(app: DataApp, lane: DataLane) {
  app.post(
    dataPaths.action,
    {
      schema: {
        operationId: 'runRecordAction',
        tags: ['data'],
        summary: 'Change a record’s state, adjust stock or add a medical note',
        description:
          'tenants suspend|activate; accounts convert; contacts, product_lines, products, pets ' +
          'status {status}; leads advance|won|lost; orders confirm|ship|deliver {date?}|cancel|' +
          'pay; products adjust-stock {delta}; pets medical-notes {note}; visits complete|' +
          'cancel|no-show. A transition the state machine does not allow is 409.',
        params: actionParams,
        body: actionBody,
        response: { 200: dataRow, ...errorResponses(...dataErrorCodes.action) },
      },
    },
    async (request) =>
      runAction(lane, {
        organizationId: organizationOf(request),
        timeZone: companyCallerOf(request).timeZone,
        ...request.params,
        body: request.body,
      }),
  );
}
