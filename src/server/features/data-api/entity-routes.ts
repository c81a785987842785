import { z } from 'zod';
import {
  dataListQuery,
  dataListResponse,
  deleteResponse,
  recordIdParams,
  restPaths,
  type RestEntity,
} from '../../../contract/data-api';
import { todayIn } from '../../../ledger';
import type { DataLane } from '../../db/data-lane';
import { errorResponses } from '../../http/openapi';
import type { DataApp } from './data-app';
import { dataErrorCodes } from './data-errors';
import { registry } from '../../data-layer/entity-registry';
import { createSchemas, recordSchemas, updateSchemas } from './field-schemas';
import { getRecord } from './get-record';
import { listRecords } from './list-records';
import { organizationOf } from '../../http/organization-of';
import { createOne, deleteOne, updateOne } from './single-record';
import { companyCallerOf } from '../../http/caller';

// One REST entity's own routes (spec section 7: GET/POST /api/v1/mysql/{entity}, GET/PUT/DELETE
// .../{id}), each with the entity's record and write schemas from the registry, so that a
// generated client knows a tenant's fields from an order's. They answer as the generic routes do.

const LIST =
  'Paged (page, pageSize up to 500), sorted (sort, dir; newest first by default), searched ' +
  '(search), by status (accounts: account_type) and tenant_id. from/to are UTC days of ' +
  'created_at; given one, the other defaults to 30 days ago or now. recent=true: the last 30 days.';

/** What the routes of one entity share: its names, record, paths and caller's target. */
function entityOf(entity: RestEntity) {
  const { label } = registry[entity];
  return {
    entity,
    name: label.replace(/\s/g, ''),
    a: label.toLowerCase(),
    record: recordSchemas[entity],
    paths: restPaths(entity),
    doc: (operationId: string, summary: string, description = summary) => ({
      operationId,
      tags: ['data'],
      summary,
      description,
    }),
    at: (request: Parameters<typeof organizationOf>[0]) => ({
      organizationId: organizationOf(request),
      entity,
    }),
  };
}
type Entity = ReturnType<typeof entityOf>;

/** The five routes of `entity`: list, create, get, change, delete. */
export function entityRoutes(app: DataApp, lane: DataLane, entity: RestEntity): void {
  const e = entityOf(entity);
  readRoutes(app, lane, e);
  writeRoutes(app, lane, e);
}

function readRoutes(
  app: DataApp,
  lane: DataLane,
  { entity, name, a, record, paths, doc, at }: Entity,
) {
  app.get(
    paths.collection,
    {
      schema: {
        ...doc(`list${name}Records`, `List ${entity}`, LIST),
        querystring: dataListQuery,
        response: {
          200: dataListResponse.extend({ data: z.array(record) }),
          ...errorResponses(...dataErrorCodes.read),
        },
      },
    },
    async (request) => listRecords(lane, { ...at(request), query: request.query }),
  );
  app.get(
    paths.item,
    {
      schema: {
        ...doc(
          `get${name}Record`,
          `One ${a}`,
          `404 when no ${a} of your organization has this id.`,
        ),
        params: recordIdParams,
        response: { 200: record, ...errorResponses(...dataErrorCodes.one) },
      },
    },
    async (request) => getRecord(lane, { ...at(request), id: request.params.id }),
  );
}

function writeRoutes(
  app: DataApp,
  lane: DataLane,
  { entity, name, a, record, paths, doc, at }: Entity,
) {
  app.post(
    paths.collection,
    {
      schema: {
        ...doc(`create${name}Record`, `Create a ${a}`),
        body: createSchemas[entity],
        response: { 201: record, ...errorResponses(...dataErrorCodes.create) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createOne(lane, { ...at(request), values: request.body })),
  );
  app.put(
    paths.item,
    {
      schema: {
        ...doc(`update${name}Record`, `Change some fields of a ${a}`),
        params: recordIdParams,
        body: updateSchemas[entity],
        response: { 200: record, ...errorResponses(...dataErrorCodes.update) },
      },
    },
    async (request) =>
      updateOne(lane, {
        ...at(request),
        id: request.params.id,
        values: request.body,
        // A state change to shipped or delivered dates it the company's today by default.
        today: todayIn(companyCallerOf(request).timeZone),
      }),
  );
  app.delete(
    paths.item,
    {
      schema: {
        ...doc(`delete${name}Record`, `Delete a ${a}`, '409 while other records refer to it.'),
        params: recordIdParams,
        response: { 200: deleteResponse, ...errorResponses(...dataErrorCodes.remove) },
      },
    },
    async (request) => deleteOne(lane, { ...at(request), id: request.params.id }),
  );
}
