import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  asOfQuery,
  capTablePaths,
  capTableResponse,
  stockholderListResponse,
  TOP_HOLDERS,
} from '../../../contract/cap-table';
import type { Db } from '../../db/database';
import { companyCallerOf } from '../../http/caller';
import { errorResponses } from '../../http/openapi';
import { getCapTable } from './get-cap-table';
import { getStockholderList } from './get-stockholder-list';

const asOfWords =
  "`asOf` is the company's today by default; a later date is refused with 400 naming asOf.";

const capTableSchema = {
  operationId: 'getCapTable',
  tags: ['shareholders'],
  summary: 'The cap table as of a date (administrator)',
  description:
    'Each share class with authorized (today’s limit), issued and outstanding shares, its ' +
    'holders and its percent of authorized and of all outstanding shares; the ' +
    `${TOP_HOLDERS} holders with the most shares and every other holder together, each with ` +
    'their percent of all shares and of each class (4 decimals). Every holder who held shares ' +
    `on the date counts. ${asOfWords}`,
  querystring: asOfQuery,
  response: { 200: capTableResponse, ...errorResponses() },
};

const listSchema = {
  operationId: 'getStockholderList',
  tags: ['shareholders'],
  summary: 'The stockholder list of a record date (DGCL §219; administrator)',
  description:
    'Every holder of record on `asOf` (with shares of a class on that date), by class (common, ' +
    'then preferred), alphabetically by name within a class, with address and number of ' +
    `shares. ${asOfWords}`,
  querystring: asOfQuery,
  response: { 200: stockholderListResponse, ...errorResponses() },
};

/** The cap table and the stockholder list, as of a date (issue 25, decision 121). */
export const capTableRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(capTablePaths.capTable, { schema: capTableSchema }, async (request) =>
    getCapTable(db, companyCallerOf(request), request.query),
  );

  app.get(capTablePaths.stockholderList, { schema: listSchema }, async (request) =>
    getStockholderList(db, companyCallerOf(request), request.query),
  );

  // Its CSV (capTablePaths.stockholderListCsv) is the exports' now: features/exports (decision 125).
};
