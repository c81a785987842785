import { sql, type SQL } from 'drizzle-orm';
import { registryObjects, type GatewayQueryResponse } from '../../../../contract/gateway';
import type { Db } from '../../../db/database';
import { rows } from '../../../db/sql';
import { AppError } from '../../../http/app-error';
import type { Principal } from '../../../plugins/access-control';
import { compare } from '../../data-api/query-filters';
import { gatewayInvalid, type Filter, type GatewayQuery } from '../gateway-query';
import {
  registryObjectDefs,
  resolveRegistryField,
  type RegistryObjectDef,
} from './registry-objects';

// A gateway query on the registry's objects: the object's subquery (one organization's rows),
// filtered, ordered and paged with bound values only. Field names reach the statement only as
// identifiers of the object's own columns.

/** Who asks, for which organization: what a registry query is limited to. */
export interface RegistryCaller {
  organizationId: string;
  principal: Principal;
}

/** An administrator, or a key (the access policy asked for ledger:read): every holder. */
const seesOrganization = (p: Principal) => p.role === 'administrator' || p.apiKey !== undefined;

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
function toRecord(def: RegistryObjectDef, row: Record<string, unknown>) {
  const record: Record<string, unknown> = { attributes: { type: def.name } };
  for (const [name, value] of Object.entries(row)) {
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
    throw new AppError('AUTH.FORBIDDEN', 'You do not have access to this resource.');
  const def = registryObject(objectName);
  const own = everyone ? [] : [sql`r.${sql.identifier(def.owner)} = ${caller.principal.holderId}`];
  return { def, own };
}

export async function queryRegistry(
  db: Db,
  caller: RegistryCaller,
  query: GatewayQuery,
): Promise<GatewayQueryResponse> {
  const { organizationId } = caller;
  const { def, own } = objectFor(caller, query.objectName);
  const names = (query.fields ?? def.defaultFields).map(
    (f, i) => column(def, f, query.fields ? `fields.${i}` : 'fields').name,
  );
  const where = [...query.where.map((f) => condition(def, f)), ...own];
  const order = query.orderBy.map(({ field, descending }, i) => {
    const { expr } = column(def, field, `orderBy.${i}`, true);
    return descending ? sql`${expr} desc nulls last` : sql`${expr} asc nulls first`;
  });
  // Ties keep one order from page to page.
  order.push(sql`r."Id"`);
  const found = await rows<Record<string, unknown>>(
    db,
    sql`select ${sql.join(
      [...new Set(names)].map((n) => output(def, n)),
      sql`, `,
    )}
          from (${def.source(organizationId)}) r
         ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
         order by ${sql.join(order, sql`, `)}
         limit ${query.limit} offset ${query.offset}`,
  );
  const records = found.map((row) => toRecord(def, row));
  return { totalSize: records.length, done: true, records };
}
