import type { z } from 'zod';
import {
  dataRecordBody,
  dataRow,
  deleteResponse,
  type DataEntity,
} from '../../../contract/data-api';
import { todayIn } from '../../../ledger';
import type { DataLane } from '../../db/data-lane';
import { errorResponses } from '../../http/openapi';
import { dataErrorCodes } from './data-errors';
import type { DataApp } from './data-app';
import { target } from '../../http/organization-of';
import { createOne, deleteOne, updateOne } from './single-record';
import { companyCallerOf } from '../../http/caller';

// The generic one-record writes (/create/{entity}, /update/{entity}/{id}, /delete/...), for every
// entity; the REST entities' own paths (entity-routes.ts) call the same use cases.

/** How the API document describes a route. */
interface RouteDoc {
  operationId: string;
  summary: string;
  description: string;
}

type EntityParams = { entity: DataEntity };
type EntityIdParams = EntityParams & { id: string };

const createAnswers = { 201: dataRow, ...errorResponses(...dataErrorCodes.create) };
const updateAnswers = { 200: dataRow, ...errorResponses(...dataErrorCodes.update) };
const deleteAnswers = { 200: deleteResponse, ...errorResponses(...dataErrorCodes.remove) };

/** The route's schema, in the order the other routes write it. */
function schemaOf<Params, Rest>(params: z.ZodType<Params>, doc: RouteDoc, rest: Rest) {
  const { operationId, summary, description } = doc;
  return { schema: { operationId, tags: ['data'], summary, description, params, ...rest } };
}

/** The three one-record writes, each registered at the path and with the params it is given. */
export function singleRecordRoutes(app: DataApp, lane: DataLane) {
  return {
    create(path: string, params: z.ZodType<EntityParams>, doc: RouteDoc) {
      const schema = schemaOf(params, doc, { body: dataRecordBody, response: createAnswers });
      app.post(path, schema, async (request, reply) => {
        const created = await createOne(lane, { ...target(request), values: request.body });
        return reply.code(201).send(created);
      });
    },
    update(path: string, params: z.ZodType<EntityIdParams>, doc: RouteDoc) {
      const schema = schemaOf(params, doc, { body: dataRecordBody, response: updateAnswers });
      app.put(path, schema, async (request) =>
        updateOne(lane, {
          ...target(request),
          id: request.params.id,
          values: request.body,
          today: todayIn(companyCallerOf(request).timeZone),
        }),
      );
    },
    remove(path: string, params: z.ZodType<EntityIdParams>, doc: RouteDoc) {
      app.delete(path, schemaOf(params, doc, { response: deleteAnswers }), async (request) =>
        deleteOne(lane, { ...target(request), id: request.params.id }),
      );
    },
  };
}
