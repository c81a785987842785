import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkBody,
  bulkParams,
  bulkResponse,
  dataPaths,
  dataQueryBody,
  dataRows,
  entityIdParams,
  entityParams,
} from '../../../contract/data-api';
import { todayIn } from '../../../ledger';
import type { DataLane } from '../../db/data-lane';
import type { Database } from '../../db/open-database';
import { errorResponses } from '../../http/openapi';
import { bulkTurns } from './bulk-turns';
import type { DataApp } from './data-app';
import { dataErrorCodes } from './data-errors';
import { createRecords } from './create-records';
import { dataRestRoutes } from './data-rest-routes';
import { deleteRecords } from './delete-records';
import { organizationOf } from '../../http/organization-of';
import { singleRecordRoutes } from './single-record-routes';
import { runQuery } from './run-query';
import { updateRecords } from './update-records';
import { companyCallerOf } from '../../http/caller';

/** 10,000 records of a bulk request exceed the app's 256 KiB body limit. */
const BULK_BODY_LIMIT = 16 * 1024 * 1024;

/** The database API (spec section 7): query, create, update, delete and bulk writes. */
export const dataApiRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  const lane = database.dataLane;
  queryRoute(app, lane);
  recordRoutes(app, lane);
  bulkRoute(app, lane);
  await app.register(dataRestRoutes, { lane });
};

function queryRoute(app: DataApp, lane: DataLane) {
  app.post(
    dataPaths.query,
    {
      schema: {
        operationId: 'queryData',
        tags: ['data'],
        summary: 'Query an entity: fields, filters, joins, grouping, order and paging',
        description:
          'Runs read-only with a statement timeout. Fields and relations come from GET ' +
          '/api/v1/mysql/schema; at most 20 conditions, 100 IN values, $or 3 deep, 3 joins, ' +
          'limit 500. A count query (fields ["count(*)"]) answers [{"count": n}].',
        body: dataQueryBody,
        response: { 200: dataRows, ...errorResponses(...dataErrorCodes.read) },
      },
    },
    async (request) =>
      runQuery(lane, { organizationId: organizationOf(request), body: request.body }),
  );
}

function recordRoutes(app: DataApp, lane: DataLane) {
  const routes = singleRecordRoutes(app, lane);
  routes.create(dataPaths.create, entityParams, {
    operationId: 'createRecord',
    summary: 'Create a record',
    description:
      'The body holds the entity’s fields (tenant_id for all but tenants). References must ' +
      'name records of the same tenant; 409 when a unique value is taken.',
  });
  routes.update(dataPaths.update, entityIdParams, {
    operationId: 'updateRecord',
    summary: 'Change some fields of a record',
    description:
      'Only the fields given change. A state (status, account_type, payment_status) changes ' +
      'only as one of the entity’s actions would change it (409 with that action’s message ' +
      'otherwise; shipped and delivered also set ship_date or delivery_date, today unless ' +
      'given); tenant_id never changes (400).',
  });
  routes.remove(dataPaths.remove, entityIdParams, {
    operationId: 'deleteRecord',
    summary: 'Delete a record',
    description: '409 while other records refer to it (nothing is deleted in cascade).',
  });
}

function bulkRoute(app: DataApp, lane: DataLane) {
  const turns = bulkTurns();
  app.post(
    dataPaths.bulk,
    {
      bodyLimit: BULK_BODY_LIMIT,
      // Before the body is read: a request waiting for its turn holds neither the thread nor
      // its parsed records. The turn goes back when the response is done or the client left.
      onRequest: async (_request, reply) => {
        const handBack = await turns.take();
        reply.raw.once('close', handBack);
      },
      schema: {
        operationId: 'bulkWrite',
        tags: ['data'],
        summary: 'Create, update or delete up to 10,000 records at once',
        description:
          'All or nothing: every record is checked first, and a refused one is named by its ' +
          'index (field "data.{i}.{field}", details.errors lists up to 20). Written in batches ' +
          'of batchSize (1000 by default); the answer counts each batch. An update changes a ' +
          'state as the single update does. One bulk request runs at a time, within 10 s of ' +
          'database time: past either, 503 and nothing written.',
        params: bulkParams,
        body: bulkBody,
        response: {
          200: bulkResponse,
          ...errorResponses(
            ...dataErrorCodes.create,
            ...dataErrorCodes.update,
            ...dataErrorCodes.remove,
          ),
        },
      },
    },
    async (request) => {
      const { operation, entity } = request.params;
      const { data, batchSize } = request.body;
      const common = { organizationId: organizationOf(request), entity, batchSize, bulk: true };
      const result =
        operation === 'create'
          ? await createRecords(lane, { ...common, data })
          : operation === 'update'
            ? await updateRecords(lane, {
                ...common,
                items: data.map(asChange),
                today: todayIn(companyCallerOf(request).timeZone),
              })
            : await deleteRecords(lane, { ...common, items: data });
      return {
        operation,
        entity,
        total: result.ids.length,
        batches: result.batches,
        ids: result.ids,
      };
    },
  );
}

/** A bulk update's record: its id, and the other fields as the change. */
function asChange(item: unknown): { id: unknown; values: unknown } {
  if (typeof item !== 'object' || item === null || Array.isArray(item))
    return { id: undefined, values: item };
  const { id, ...values } = item as Record<string, unknown>;
  return { id, values };
}
