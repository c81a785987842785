import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { dataLimits, type DataEntity, type DataRow } from '../../../contract/data-api';
import type { DataLane } from '../../db/data-lane';
import type { Tx } from '../../db/database';
import { checkReferences } from './check-references';
import { checkEach } from './data-errors';
import { parseOrThrow } from '../../http/invalid-input';
import { dataRows, jsonParam, recordDefinition, writingSteps } from './data-sql';
import { refusing } from './db-refusals';
import { registry, type EntityDef } from '../../data-layer/entity-registry';
import { createSchemas } from './field-schemas';
import { rowColumns, table } from '../../data-layer/sql-output';
import { batchesOf } from './write-batches';

export interface CreateRecordsOptions {
  organizationId: string;
  entity: DataEntity;
  data: readonly unknown[];
  batchSize?: number | undefined;
  /** A bulk request names its records "data.{i}"; a single create names fields alone. */
  bulk: boolean;
}

export interface WriteResult {
  ids: string[];
  batches: Array<{ batch: number; count: number }>;
  /** The written rows, for a single-record request. */
  rows: DataRow[];
}

/** INSERT … SELECT FROM jsonb_to_recordset: any number of records in one statement. */
function insertStatement(
  def: EntityDef,
  organizationId: string,
  records: Array<Record<string, unknown>>,
  returning: boolean,
): SQL {
  const named = new Set(Object.keys(records[0]!));
  // Every record carries its id (made here, so a bulk answer lists ids in request order).
  const columns = def.fields.filter((f) => named.has(f.name));
  const names = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const values = sql.join(
    columns.map((c) => sql`x.${sql.identifier(c.name)}`),
    sql`, `,
  );
  return sql`insert into ${table(def)} (organization_id, ${names})
    select ${organizationId}::uuid, ${values}
    from jsonb_to_recordset(${jsonParam(records)}) as x(${recordDefinition(columns)})
    ${returning ? sql`returning ${rowColumns(def)}` : sql``}`;
}

/** Records that name the same fields go in one statement (a field left out takes its default). */
function byFieldSet(records: Array<Record<string, unknown>>) {
  const groups = new Map<string, Array<Record<string, unknown>>>();
  for (const r of records) {
    const key = Object.keys(r).sort().join(',');
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  return [...groups.values()];
}

/**
 * POST /api/v1/mysql/create/{entity} and bulk/create: every record is checked (fields, then
 * references) before anything is written; then all are written, all or nothing, in batches.
 */
export async function createRecords(
  lane: DataLane,
  opts: CreateRecordsOptions,
): Promise<WriteResult> {
  const def = registry[opts.entity];
  const schema = createSchemas[opts.entity];
  const records = await checkEach(opts.data, opts.bulk, (item, prefix): Record<string, unknown> => {
    const values: Record<string, unknown> = parseOrThrow(schema, item, prefix);
    return { id: randomUUID(), ...values };
  });
  const size = opts.batchSize ?? dataLimits.defaultBatchSize;
  const { counts, pieces } = batchesOf(records, size, lane.rowsPerStatement);
  const steps = pieces.flatMap(({ items }) =>
    byFieldSet(items).map((group) => ({
      table: def.pgTable,
      ids: group.map((r) => r.id as string),
      run: (tx: Tx) => dataRows(tx, insertStatement(def, opts.organizationId, group, !opts.bulk)),
    })),
  );
  const checks = pieces.map(({ start, items }) => (tx: Tx) => {
    const refs = items.map((values) => ({ tenantId: values.tenant_id as string, values }));
    return checkReferences(tx, def, opts, refs, start);
  });
  const written = await refusing(def, 'write', () =>
    writingSteps(lane, opts.organizationId, { checks, steps }),
  );
  return { ids: records.map((r) => r.id as string), batches: counts, rows: written.flat() };
}
