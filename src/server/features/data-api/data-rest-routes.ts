import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionBody,
  actionParams,
  dashboardResponse,
  dataListQuery,
  dataListResponse,
  dataPaths,
  dataRow,
  restEntityIdParams,
  restEntityParams,
  schemaResponse,
} from '../../../contract/data-api';
import type { DataLane } from '../../db/data-lane';
import { errorResponses } from '../../http/openapi';
import type { DataApp } from './data-api-routes';
import { describeSchema } from './describe-schema';
import { getDashboard } from './get-dashboard';
import { getRecord } from './get-record';
import { listRecords } from './list-records';
import { organizationOf } from './organization-of';
import { singleRecordRoutes } from './single-record-routes';
import { runAction } from './run-action';

const REST = 'tenants, accounts, contacts, leads, products or orders';

/** The per-entity routes, the actions, the dashboard and the schema of the database API. */
export const dataRestRoutes: FastifyPluginAsyncZod<{ lane: DataLane }> = async (app, { lane }) => {
  infoRoutes(app, lane);
  listRoute(app, lane);
  getRoute(app, lane);
  writeRoutes(app, lane);
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
        response: { 200: schemaResponse, ...errorResponses(401, 403) },
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
        response: { 200: dashboardResponse, ...errorResponses(401, 403, 503) },
      },
    },
    async (request) => getDashboard(lane, { organizationId: organizationOf(request) }),
  );
}

function listRoute(app: DataApp, lane: DataLane) {
  app.get(
    dataPaths.collection,
    {
      schema: {
        operationId: 'listRecords',
        tags: ['data'],
        summary: `List ${REST}`,
        description:
          'Paged (page, pageSize up to 500), sorted (sort, dir; newest first by default), ' +
          'searched (search), by status (accounts: account_type) and tenant_id. from/to are ' +
          'UTC days of created_at; given one, the other defaults to 30 days ago or now. ' +
          'recent=true is the last 30 days.',
        params: restEntityParams,
        querystring: dataListQuery,
        response: { 200: dataListResponse, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) =>
      listRecords(lane, {
        organizationId: organizationOf(request),
        entity: request.params.entity,
        query: request.query,
      }),
  );
}

function getRoute(app: DataApp, lane: DataLane) {
  app.get(
    dataPaths.item,
    {
      schema: {
        operationId: 'getRecord',
        tags: ['data'],
        summary: `One of the ${REST}`,
        description: '404 when no record of the caller’s organization has this id.',
        params: restEntityIdParams,
        response: { 200: dataRow, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) =>
      getRecord(lane, { organizationId: organizationOf(request), ...request.params }),
  );
}

/** "The same as PUT /api/v1/mysql/update/{entity}/{id}.": the path as the API document writes it. */
const sameAs = (method: string, path: string) =>
  `The same as ${method} ${path.replace(/:(\w+)/g, '{$1}')}.`;

/** The one-record writes again at the entity's own paths, answering as the generic ones. */
function writeRoutes(app: DataApp, lane: DataLane) {
  const routes = singleRecordRoutes(app, lane);
  routes.create(dataPaths.collection, restEntityParams, {
    operationId: 'addRecord',
    summary: `Create one of the ${REST}`,
    description: sameAs('POST', dataPaths.create),
  });
  routes.update(dataPaths.item, restEntityIdParams, {
    operationId: 'putRecord',
    summary: `Change some fields of one of the ${REST}`,
    description: sameAs('PUT', dataPaths.update),
  });
  routes.remove(dataPaths.item, restEntityIdParams, {
    operationId: 'removeRecord',
    summary: `Delete one of the ${REST}`,
    description: sameAs('DELETE', dataPaths.remove),
  });
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
        response: { 200: dataRow, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) =>
      runAction(lane, {
        organizationId: organizationOf(request),
        timeZone: request.principal!.timeZone,
        ...request.params,
        body: request.body,
      }),
  );
}
