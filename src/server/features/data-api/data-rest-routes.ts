import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionBody,
  actionParams,
  dashboardResponse,
  dataListQuery,
  dataListResponse,
  dataPaths,
  dataRecordBody,
  dataRow,
  deleteResponse,
  restEntityIdParams,
  restEntityParams,
  schemaResponse,
} from '../../../contract/data-api';
import type { Db } from '../../db/database';
import { errorResponses } from '../../http/openapi';
import type { DataApp } from './data-api-routes';
import { describeSchema } from './describe-schema';
import { getDashboard } from './get-dashboard';
import { getRecord } from './get-record';
import { listRecords } from './list-records';
import { organizationOf, target } from './organization-of';
import { createOne, deleteOne, updateOne } from './single-record';
import { runAction } from './run-action';
import {} from './update-records';

const REST = 'tenants, accounts, contacts, leads, products or orders';

/** The per-entity routes, the actions, the dashboard and the schema of the database API. */
export const dataRestRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  infoRoutes(app, db);
  collectionRoutes(app, db);
  itemRoutes(app, db);
  actionRoute(app, db);
};

function infoRoutes(app: DataApp, db: Db) {
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
    async (request) => getDashboard(db, { organizationId: organizationOf(request) }),
  );
}

function collectionRoutes(app: DataApp, db: Db) {
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
      listRecords(db, {
        organizationId: organizationOf(request),
        entity: request.params.entity,
        query: request.query,
      }),
  );

  app.post(
    dataPaths.collection,
    {
      schema: {
        operationId: 'addRecord',
        tags: ['data'],
        summary: `Create one of the ${REST}`,
        description: 'The same as POST /api/v1/mysql/create/{entity}.',
        params: restEntityParams,
        body: dataRecordBody,
        response: { 201: dataRow, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request, reply) => {
      const values = request.body;
      const created = await createOne(db, { ...target(request), values });
      return reply.code(201).send(created);
    },
  );
}

function itemRoutes(app: DataApp, db: Db) {
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
      getRecord(db, { organizationId: organizationOf(request), ...request.params }),
  );

  app.put(
    dataPaths.item,
    {
      schema: {
        operationId: 'putRecord',
        tags: ['data'],
        summary: `Change some fields of one of the ${REST}`,
        description: 'The same as PUT /api/v1/mysql/update/{entity}/{id}.',
        params: restEntityIdParams,
        body: dataRecordBody,
        response: { 200: dataRow, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) =>
      updateOne(db, { ...target(request), id: request.params.id, values: request.body }),
  );

  app.delete(
    dataPaths.item,
    {
      schema: {
        operationId: 'removeRecord',
        tags: ['data'],
        summary: `Delete one of the ${REST}`,
        description: 'The same as DELETE /api/v1/mysql/delete/{entity}/{id}.',
        params: restEntityIdParams,
        response: { 200: deleteResponse, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => deleteOne(db, { ...target(request), id: request.params.id }),
  );
}

function actionRoute(app: DataApp, db: Db) {
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
      runAction(db, {
        organizationId: organizationOf(request),
        timeZone: request.principal!.timeZone,
        ...request.params,
        body: request.body,
      }),
  );
}
