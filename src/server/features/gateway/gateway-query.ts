import type { FilterOperator } from '../../../contract/data-api';
import { gatewayLimits, type GatewayQueryBody } from '../../../contract/gateway';
import { operatorOf } from '../../data-layer/query-filters';
import { parseFilterText, type Primitive } from './filter-text';
import { fieldName } from '../../salesforce/field-name';
import { gatewayInvalid } from './gateway-invalid';

// A gateway query, read once from the request into a form every provider compiles: its own SQL
// (registry) or SOQL (salesforce). Field names are checked for shape here and against the
// object's fields by the provider; values are kept as data, never pasted into a statement.

export interface Condition {
  kind: 'condition';
  field: string;
  operator: FilterOperator;
  /** A primitive; a list for IN (1-100) and BETWEEN (2); absent for IS NOT NULL. */
  value: Primitive | Primitive[];
  /** Where the request wrote it ("filter.Active__c"), for the 400 that names it. */
  at: string;
}
export interface AnyOf {
  kind: 'or';
  branches: Filter[][];
  at: string;
}
export type Filter = Condition | AnyOf;

export interface GatewayQuery {
  objectName: string;
  /** null: all of the object's fields. */
  fields: string[] | null;
  /** ANDed. */
  where: Filter[];
  orderBy: Array<{ field: string; descending: boolean }>;
  /** Records the query answers in all, over every page (SOQL's LIMIT); null: every match. */
  limit: number | null;
  /** Records skipped before the first (SOQL's OFFSET). */
  offset: number;
  /** Records a page holds at most. */
  pageSize: number;
}

const MAX_CONDITIONS = 20;
const MAX_OR_DEPTH = 3;

const isMap = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function primitive(v: unknown, at: string): Primitive {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  throw gatewayInvalid(at, 'must be a string, a number, true, false or null');
}

function listOf(v: unknown, at: string, min: number, max: number): Primitive[] {
  if (!Array.isArray(v) || v.length < min || v.length > max)
    throw gatewayInvalid(at, `must be a list of ${min === max ? min : `${min} to ${max}`} values`);
  return v.map((item, i) => primitive(item, `${at}.${i}`));
}

function condition(field: string, written: unknown, at: string): Condition {
  if (!isMap(written))
    return { kind: 'condition', field, operator: '=', value: primitive(written, at), at };
  const operator = operatorOf(written.operator, `${at}.operator`);
  const value =
    operator === 'IN'
      ? listOf(written.value, `${at}.value`, 1, 100)
      : operator === 'BETWEEN'
        ? listOf(written.value, `${at}.value`, 2, 2)
        : operator === 'IS NOT NULL'
          ? null
          : primitive(written.value, `${at}.value`);
  if (operator === 'LIKE' && typeof value !== 'string')
    throw gatewayInvalid(`${at}.value`, 'LIKE needs a text');
  return { kind: 'condition', field, operator, value, at };
}

function filters(map: unknown, at: string, depth: number, budget: { n: number }): Filter[] {
  if (!isMap(map)) throw gatewayInvalid(at, 'must be an object of field → condition');
  return Object.entries(map).map(([key, written]): Filter => {
    const here = `${at}.${key.slice(0, 64)}`;
    if (key !== '$or') {
      if (++budget.n > MAX_CONDITIONS)
        throw gatewayInvalid(at, `at most ${MAX_CONDITIONS} conditions`);
      return condition(fieldName(key, here), written, here);
    }
    if (depth >= MAX_OR_DEPTH) throw gatewayInvalid(here, `$or nests at most ${MAX_OR_DEPTH} deep`);
    if (!Array.isArray(written) || written.length === 0 || written.length > MAX_CONDITIONS)
      throw gatewayInvalid(here, 'must be a list of filter maps');
    const branches = written.map((b, i) => {
      const branch = filters(b, `${here}.${i}`, depth + 1, budget);
      // An empty branch would be `()` in the statement: refused as the data layer refuses it.
      if (branch.length === 0) throw gatewayInvalid(`${here}.${i}`, 'must hold a condition');
      return branch;
    });
    return { kind: 'or', branches, at: here };
  });
}

function fieldList(fields: GatewayQueryBody['fields']): string[] | null {
  if (fields === undefined) return null;
  const names = typeof fields === 'string' ? fields.split(',') : fields;
  const list = names.map((f, i) => fieldName(f, `fields.${i}`));
  if (list.length === 0 || list.length > 100)
    throw gatewayInvalid('fields', 'name 1 to 100 fields');
  return [...new Set(list)];
}

function order(orderBy: GatewayQueryBody['orderBy']): GatewayQuery['orderBy'] {
  const items =
    orderBy === undefined ? [] : typeof orderBy === 'string' ? orderBy.split(',') : orderBy;
  return items.map((item, i) => {
    const [name = '', dir = 'ASC', ...rest] = item.trim().split(/\s+/);
    const direction = dir.toUpperCase();
    if (rest.length > 0 || (direction !== 'ASC' && direction !== 'DESC'))
      throw gatewayInvalid(`orderBy.${i}`, 'write "Field", "Field ASC" or "Field DESC"');
    return { field: fieldName(name, `orderBy.${i}`), descending: direction === 'DESC' };
  });
}

/** The request's query in the providers' common form, or 400 naming the field. */
export function readGatewayQuery(body: GatewayQueryBody): GatewayQuery {
  const budget = { n: 0 };
  const written = typeof body.filter === 'string' ? parseFilterText(body.filter) : body.filter;
  const where = [
    ...(written === undefined ? [] : filters(written, 'filter', 0, budget)),
    ...(body.filters === undefined ? [] : filters(body.filters, 'filters', 0, budget)),
  ];
  return {
    objectName: fieldName(body.objectName, 'objectName'),
    fields: fieldList(body.fields),
    where,
    orderBy: order(body.orderBy),
    limit: body.limit ?? null,
    offset: body.offset ?? 0,
    pageSize: body.pageSize ?? gatewayLimits.defaultPageSize,
  };
}
