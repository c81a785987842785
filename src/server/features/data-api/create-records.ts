import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { dataLimits, type DataEntity, type DataRow } from '../../../contract/data-api';
import type { Db, Tx } from '../../db/database';
import { checkReferences } from './check-references';
import { checkEach, parseOrThrow } from './data-errors';
import { dataRows, jsonParam, recordDefinition, writing } from './data-sql';
import { refusing } from './db-refusals';
import { registry, type EntityDef } from './entity-registry';
import { createSchemas } from './field-schemas';
import { rowColumns, table } from './sql-output';

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
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()];
}

async function insertBatches(
  tx: Tx,
  def: EntityDef,
  opts: CreateRecordsOptions,
  records: Array<Record<string, unknown>>,
): Promise<WriteResult> {
  const size = opts.batchSize ?? dataLimits.defaultBatchSize;
  const result: WriteResult = { ids: records.map((r) => r.id as string), batches: [], rows: [] };
  for (let start = 0, batch = 1; start < records.length; start += size, batch++) {
    const slice = records.slice(start, start + size);
    for (const group of byFieldSet(slice)) {
      const written = await dataRows(
        tx,
        insertStatement(def, opts.organizationId, group, !opts.bulk),
      );
      result.rows.push(...written);
    }
    result.batches.push({ batch, count: slice.length });
  }
  return result;
}

/**
 * POST /api/v1/mysql/create/{entity} and bulk/create: every record is checked (fields, then
 * references) before anything is written; then all are written in one transaction, in batches.
 */
export async function createRecords(db: Db, opts: CreateRecordsOptions): Promise<WriteResult> {
  const def = registry[opts.entity];
  const schema = createSchemas[opts.entity];
  const records = checkEach(opts.data, opts.bulk, (item, prefix): Record<string, unknown> => {
    const values: Record<string, unknown> = parseOrThrow(schema, item, prefix);
    return { id: randomUUID(), ...values };
  });
  return refusing(def, 'write', () =>
    writing(db, async (tx) => {
      const refs = records.map((values) => ({ tenantId: values.tenant_id as string, values }));
      await checkReferences(tx, def, opts, refs);
      return insertBatches(tx, def, opts, records);
    }),
  );
}
