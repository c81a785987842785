import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { dataLimits, type DataEntity } from '../../../contract/data-api';
import type { Db, Tx } from '../../db/database';
import { AppError } from '../../http/app-error';
import { checkReferences } from './check-references';
import type { WriteResult } from './create-records';
import { checkEach, invalid, parseOrThrow } from './data-errors';
import { dataRows, jsonParam, sqlType, writing } from './data-sql';
import { refusing } from './db-refusals';
import { registry, type EntityDef } from './entity-registry';
import { updatableFields, updateSchemas } from './field-schemas';
import { column, rowColumns, table } from './sql-output';

export interface UpdateRecordsOptions {
  organizationId: string;
  entity: DataEntity;
  /** One record per item: its id and the fields to change. */
  items: ReadonlyArray<{ id: unknown; values: unknown }>;
  batchSize?: number | undefined;
  bulk: boolean;
}

interface Change {
  id: string;
  values: Record<string, unknown>;
}

const isMap = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** State fields change through actions only, and a record never moves to another tenant. */
function refuseFixedFields(def: EntityDef, values: unknown, prefix: string): void {
  if (!isMap(values)) return;
  for (const key of Object.keys(values)) {
    const at = [prefix, key].filter(Boolean).join('.');
    if (def.states[key])
      throw invalid(
        at,
        `changes only through the actions (POST /api/v1/mysql/${def.name}/{id}/{action}: ${def.actions.join(', ')})`,
      );
    if (key === 'tenant_id') throw invalid(at, 'a record cannot move to another tenant');
  }
}

function parseChanges(def: EntityDef, opts: UpdateRecordsOptions): Change[] {
  const seen = new Map<string, number>();
  return checkEach(opts.items, opts.bulk, (item, prefix, index) => {
    const id = parseOrThrow(z.uuid(), item.id, [prefix, 'id'].filter(Boolean).join('.'));
    if (seen.has(id)) throw invalid(`${prefix}.id`, `the same record as data.${seen.get(id)}`);
    seen.set(id, index);
    refuseFixedFields(def, item.values, prefix);
    return { id, values: parseOrThrow(updateSchemas[opts.entity], item.values, prefix) };
  });
}

/** UPDATE … FROM jsonb_array_elements: each record changes only the fields it names. */
function updateStatement(
  def: EntityDef,
  organizationId: string,
  changes: Change[],
  returning: boolean,
): SQL {
  const named = new Set(changes.flatMap((c) => Object.keys(c.values)));
  const sets = updatableFields(def)
    .filter((f) => named.has(f.name))
    .map(
      (f) =>
        sql`${sql.identifier(f.name)} = case when e.j ? ${f.name} then (e.j->>${f.name})::${sqlType(f)} else ${column(def.table, f.name)} end`,
    );
  const records = changes.map((c) => ({ ...c.values, id: c.id }));
  return sql`update ${table(def)} set ${sql.join([...sets, sql`updated_at = now()`], sql`, `)}
    from jsonb_array_elements(${jsonParam(records)}) as e(j)
    where ${column(def.table, 'id')} = (e.j->>'id')::uuid
      and ${column(def.table, 'organization_id')} = ${organizationId}
    ${returning ? sql`returning ${rowColumns(def, def.table)}` : sql``}`;
}

/** The tenant of each record, in the caller's organization; a missing one is 404 by its index. */
async function tenantsOf(tx: Tx, def: EntityDef, opts: UpdateRecordsOptions, changes: Change[]) {
  const tenantColumn = def.name === 'tenants' ? sql`id` : sql`tenant_id`;
  const found = await dataRows(
    tx,
    sql`select id::text as id, ${tenantColumn}::text as tenant_id from ${table(def)}
        where organization_id = ${opts.organizationId}
          and id in (select jsonb_array_elements_text(${jsonParam(changes.map((c) => c.id))})::uuid)`,
  );
  const tenantOf = new Map(found.map((r) => [r.id as string, r.tenant_id as string]));
  changes.forEach((c, i) => {
    if (!tenantOf.has(c.id))
      throw new AppError(
        'DATA.NOT_FOUND',
        `${def.label} not found`,
        opts.bulk ? `data.${i}.id` : undefined,
      );
  });
  return tenantOf;
}

/** PUT /api/v1/mysql/update/{entity}/{id} and bulk/update: all records or none. */
export async function updateRecords(db: Db, opts: UpdateRecordsOptions): Promise<WriteResult> {
  const def = registry[opts.entity];
  const changes = parseChanges(def, opts);
  const size = opts.batchSize ?? dataLimits.defaultBatchSize;
  return refusing(def, 'write', () =>
    writing(db, async (tx) => {
      const tenantOf = await tenantsOf(tx, def, opts, changes);
      const refs = changes.map((c) => ({ tenantId: tenantOf.get(c.id)!, values: c.values }));
      await checkReferences(tx, def, opts, refs);
      const result: WriteResult = { ids: changes.map((c) => c.id), batches: [], rows: [] };
      for (let start = 0, batch = 1; start < changes.length; start += size, batch++) {
        const slice = changes.slice(start, start + size);
        result.rows.push(
          ...(await dataRows(tx, updateStatement(def, opts.organizationId, slice, !opts.bulk))),
        );
        result.batches.push({ batch, count: slice.length });
      }
      return result;
    }),
  );
}
