import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { dataLimits, type DataEntity } from '../../../contract/data-api';
import type { DataLane } from '../../db/data-lane';
import type { Tx } from '../../db/database';
import { FEW_IDS, idIn } from '../../db/sql';
import { AppError } from '../../http/app-error';
import { checkReferences } from './check-references';
import type { WriteResult } from './create-records';
import { checkEach } from './data-errors';
import { invalid, parseOrThrow } from '../../http/invalid-input';
import { dataRows, jsonParam, sqlType, writingSteps } from './data-sql';
import { refusing } from './db-refusals';
import { registry, type EntityDef } from '../../data-layer/entity-registry';
import { updatableFields, updateSchemas } from './field-schemas';
import { column, rowColumns, table } from '../../data-layer/sql-output';
import { decideStateChanges, type Change } from './state-changes';
import { batchesOf } from './write-batches';

export interface UpdateRecordsOptions {
  organizationId: string;
  entity: DataEntity;
  /** One record per item: its id and the fields to change. */
  items: ReadonlyArray<{ id: unknown; values: unknown }>;
  batchSize?: number | undefined;
  bulk: boolean;
  /** The organization's today: the date a change to shipped or delivered sets by default. */
  today: string;
}

const isMap = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A record never moves to another tenant (its state fields go by the state machines). */
function refuseTenantChange(values: unknown, prefix: string): void {
  if (isMap(values) && 'tenant_id' in values)
    throw invalid(
      [prefix, 'tenant_id'].filter(Boolean).join('.'),
      'a record cannot move to another tenant',
    );
}

const recordId = z.uuid();

function parseChanges(def: EntityDef, opts: UpdateRecordsOptions): Promise<Change[]> {
  const seen = new Map<string, number>();
  return checkEach(opts.items, opts.bulk, (item, prefix, index) => {
    const id = parseOrThrow(recordId, item.id, [prefix, 'id'].filter(Boolean).join('.'));
    if (seen.has(id)) throw invalid(`${prefix}.id`, `the same record as data.${seen.get(id)}`);
    seen.set(id, index);
    refuseTenantChange(item.values, prefix);
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
  // A few records: each found by its key. Many: joined to the table as they are (with the list
  // as a second condition, PostgreSQL chose plans ten times slower).
  const ids = changes.map((c) => c.id);
  const few = ids.length <= FEW_IDS;
  return sql`update ${table(def)} set ${sql.join([...sets, sql`updated_at = now()`], sql`, `)}
    from jsonb_array_elements(${jsonParam(records)}) as e(j)
    where ${column(def.table, 'id')} = (e.j->>'id')::uuid
      ${few ? sql`and ${idIn(column(def.table, 'id'), ids)}` : sql``}
      and ${column(def.table, 'organization_id')} = ${organizationId}
    ${returning ? sql`returning ${rowColumns(def, def.table)}` : sql``}`;
}

/**
 * Each record's tenant and states, in the caller's organization, locked until the write ends; a
 * missing one is 404 by its index (`changes` start at index `offset` of the request).
 */
async function currentOf(
  tx: Tx,
  def: EntityDef,
  opts: UpdateRecordsOptions,
  changes: Change[],
  offset: number,
) {
  const tenantColumn = def.name === 'tenants' ? sql`id` : sql`tenant_id`;
  const states = Object.keys(def.states).map((f) => sql`, ${sql.identifier(f)}`);
  const found = await dataRows(
    tx,
    sql`select id::text as id, ${tenantColumn}::text as tenant_id ${sql.join(states)}
        from ${table(def)}
        where organization_id = ${opts.organizationId} and ${idIn(
          sql`id`,
          changes.map((c) => c.id),
        )}
        for update`,
  );
  const current = new Map(found.map((r) => [r.id as string, r]));
  changes.forEach((c, i) => {
    if (!current.has(c.id))
      throw new AppError({
        code: 'DATA.NOT_FOUND',
        message: `${def.label} not found`,
        field: opts.bulk ? `data.${offset + i}.id` : undefined,
      });
  });
  return current;
}

/** PUT /api/v1/mysql/update/{entity}/{id} and bulk/update: all records or none. */
export async function updateRecords(
  lane: DataLane,
  opts: UpdateRecordsOptions,
): Promise<WriteResult> {
  const def = registry[opts.entity];
  const changes = await parseChanges(def, opts);
  const size = opts.batchSize ?? dataLimits.defaultBatchSize;
  const { counts, pieces } = batchesOf(changes, size, lane.rowsPerStatement);
  const steps = pieces.map(({ items }) => ({
    table: def.pgTable,
    ids: items.map((c) => c.id),
    run: (tx: Tx) => dataRows(tx, updateStatement(def, opts.organizationId, items, !opts.bulk)),
  }));
  // The checks run before any step: a state change they allow may add its date to the record.
  const checks = pieces.map(({ start, items }) => async (tx: Tx) => {
    const current = await currentOf(tx, def, opts, items, start);
    const refs = items.map((c) => ({
      tenantId: current.get(c.id)!.tenant_id as string,
      values: c.values,
    }));
    await checkReferences(tx, def, opts, refs, start);
    decideStateChanges(def, items, current, opts, start);
  });
  const written = await refusing(def, 'write', () =>
    writingSteps(lane, opts.organizationId, { checks, steps }),
  );
  return { ids: changes.map((c) => c.id), batches: counts, rows: written.flat() };
}
