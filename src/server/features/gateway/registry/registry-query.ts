import { sql, type SQL } from 'drizzle-orm';
import { registryObjects, type GatewayRecord } from '../../../../contract/gateway';
import type { Db } from '../../../db/database';
import { rows } from '../../../db/sql';
import { AppError } from '../../../http/app-error';
import { seesWholeCompany, type Principal } from '../../../plugins/access-control';
import { compare } from '../../../data-layer/query-filters';
import type { QueryPage } from '../gateway-provider';
import { gatewayInvalid } from '../gateway-invalid';
import { type Filter, type GatewayQuery } from '../gateway-query';
import { orderTerm, rowsAfter, type SortKey, type SortValue } from './registry-keyset';
import {
  registryObjectDefs,
  resolveRegistryField,
  type RegistryObjectDef,
} from './registry-objects';

// A gateway query on the registry's objects: the object's subquery (one organization's rows),
// filtered, ordered and paged with bound values only. Field names reach the statement only as
// identifiers of the object's own columns. Pages follow the order's keys (keyset paging), so a
// record that stays in the result is never skipped, whatever changes between two pages.

/** Who asks, for which organization: what a registry query is limited to. */
export interface RegistryCaller {
  organizationId: string;
  principal: Principal;
}

/**
 * An administrator, or a key alone (the access policy asked for ledger:read): every holder. A
 * shareholder's session sent with a key stays the shareholder's: their own records.
 */
const seesOrganization = (p: Principal) => seesWholeCompany(p) || p.via === 'api-key';

export function registryObject(objectName: string, at = 'objectName'): RegistryObjectDef {
  const name = registryObjects.find((o) => o.toLowerCase() === objectName.toLowerCase());
  if (!name) throw gatewayInvalid(at, `the registry's objects are ${registryObjects.join(', ')}`);
  return registryObjectDefs[name];
}

function column(def: RegistryObjectDef, written: string, at: string, filtered = false) {
  const name = resolveRegistryField(def, written);
  if (!name)
    throw gatewayInvalid(at, `not a field of ${def.name} (${Object.keys(def.fields).join(', ')})`);
  const field = def.fields[name]!;
  if (filtered && field.children) throw gatewayInvalid(at, 'a child list cannot be compared');
  return { name, field, expr: sql`r.${sql.identifier(name)}` };
}

function condition(def: RegistryObjectDef, filter: Filter): SQL {
  if (filter.kind === 'or') {
    const branches = filter.branches.map((branch) => {
      const parts = branch.map((f) => condition(def, f));
      return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` and `)})`;
    });
    return sql`(${sql.join(branches, sql` or `)})`;
  }
  const { expr, field } = column(def, filter.field, filter.at, true);
  return compare({ expr, field }, filter.operator, filter.value, filter.at);
}

/** Output as Salesforce sends it: numbers as JSON numbers, dates as YYYY-MM-DD. */
function output(def: RegistryObjectDef, name: string): SQL {
  const id = sql.identifier(name);
  switch (def.fields[name]!.type) {
    case 'decimal':
    case 'integer':
    case 'date':
      return sql`r.${id}::text as ${id}`;
    default:
      return sql`r.${id}`;
  }
}

/**
 * Shares and amounts have at most 15 significant digits (13 + 2 decimals), which a JSON number
 * carries exactly: Number(text) prints back the same decimal.
 */
function toRecord(def: RegistryObjectDef, names: string[], row: Record<string, unknown>) {
  const record: GatewayRecord = { attributes: { type: def.name } };
  for (const name of names) {
    const value = row[name];
    const type = def.fields[name]!.type;
    record[name] =
      value !== null && (type === 'decimal' || type === 'integer') ? Number(value) : value;
  }
  return record;
}

/**
 * The object a caller may query. A shareholder (the spec's shareholder load) reaches the three
 * objects only, and only the records that are theirs (`owner`); anything else is 403.
 */
function objectFor(caller: RegistryCaller, objectName: string) {
  const everyone = seesOrganization(caller.principal);
  const known = registryObjects.some((o) => o.toLowerCase() === objectName.toLowerCase());
  if (!known && !everyone)
    throw new AppError({
      code: 'AUTH.FORBIDDEN',
      message: 'You do not have access to this resource.',
    });
  const def = registryObject(objectName);
  const own = everyone ? [] : [sql`r.${sql.identifier(def.owner)} = ${caller.principal.holderId}`];
  return { def, own };
}

/** Where a page starts: the query, the last record read (its order keys) and the count so far. */
interface Position {
  query: GatewayQuery;
  after: SortValue[] | null;
  returned: number;
  /** Known from the first page on. */
  totalSize: number | null;
}

/** What the sealed nextRecordsUrl carries for the registry: the position of the next page. */
export type RegistryNext = Position & { after: SortValue[]; totalSize: number };

function sortKeys(def: RegistryObjectDef, query: GatewayQuery): SortKey[] {
  const keys = query.orderBy.map(({ field, descending }, i) => {
    const resolved = column(def, field, `orderBy.${i}`, true);
    return { expr: resolved.expr, type: resolved.field.type, descending };
  });
  // Ties keep one order from page to page.
  return [...keys, { expr: sql`r."Id"`, type: 'uuid', descending: false }];
}

/**
 * The page's statement: the rows after `after`, their order keys as text, and on the first page
 * the count of every match (before OFFSET and LIMIT).
 */
function pageStatement(caller: RegistryCaller, position: Position, size: number) {
  const { query, after } = position;
  const { def, own } = objectFor(caller, query.objectName);
  const names = [
    ...new Set(
      (query.fields ?? def.defaultFields).map(
        (f, i) => column(def, f, query.fields ? `fields.${i}` : 'fields').name,
      ),
    ),
  ];
  const keys = sortKeys(def, query);
  const where = [
    ...query.where.map((f) => condition(def, f)),
    ...own,
    ...(after ? [rowsAfter(keys, after)] : []),
  ];
  const first = position.totalSize === null;
  const columns = [
    ...names.map((n) => output(def, n)),
    ...keys.map((k, i) => sql`${k.expr}::text as ${sql.identifier(`sort_${i}`)}`),
    ...(first ? [sql`count(*) over () as "total"`] : []),
  ];
  const statement = sql`select ${sql.join(columns, sql`, `)}
          from (${def.source(caller.organizationId)}) r
         ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
         order by ${sql.join(keys.map(orderTerm), sql`, `)}
         limit ${size} offset ${first ? query.offset : 0}`;
  return { def, names, keys, statement };
}

/** One page from `position`: at most pageSize records, never more than the query's total. */
async function readPage(db: Db, caller: RegistryCaller, position: Position): Promise<QueryPage> {
  const { query, returned } = position;
  const left = (position.totalSize ?? query.limit ?? Infinity) - returned;
  const size = Math.min(query.pageSize, left);
  if (size <= 0) return { totalSize: position.totalSize ?? 0, done: true, records: [] };
  const { def, names, keys, statement } = pageStatement(caller, position, size);
  const found = await rows<Record<string, unknown>>(db, statement);
  const matches = position.totalSize ?? Math.max(Number(found[0]?.total ?? 0) - query.offset, 0);
  const totalSize = Math.min(matches, query.limit ?? Infinity);
  const records = found.map((row) => toRecord(def, names, row));
  const read = returned + records.length;
  // A page shorter than asked is the last one, even if rows left the result since the first.
  const done = read >= totalSize || records.length < size;
  if (done) return { totalSize, done, records };
  const last = found.at(-1)!;
  const next: RegistryNext = {
    query,
    after: keys.map((_, i) => last[`sort_${i}`] as SortValue),
    returned: read,
    totalSize,
  };
  return { totalSize, done, records, next };
}

/** The first page of a query on one of the registry's objects, in the caller's organization. */
export const queryRegistry = (db: Db, caller: RegistryCaller, query: GatewayQuery) =>
  readPage(db, caller, { query, after: null, returned: 0, totalSize: null });

/** The page after the one whose `next` this is (sealed by us: as queryRegistry made it). */
export const queryRegistryMore = (db: Db, caller: RegistryCaller, next: unknown) =>
  readPage(db, caller, next as RegistryNext);
