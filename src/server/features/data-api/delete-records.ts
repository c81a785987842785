import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { dataLimits, type DataEntity } from '../../../contract/data-api';
import type { DataLane } from '../../db/data-lane';
import type { Tx } from '../../db/database';
import { idIn } from '../../db/sql';
import { AppError } from '../../http/app-error';
import type { WriteResult } from './create-records';
import { checkEach } from './data-errors';
import { invalid, parseOrThrow } from '../../http/invalid-input';
import { dataRows, writingSteps } from './data-sql';
import { refusing } from './db-refusals';
import { registry, type EntityDef } from '../../data-layer/entity-registry';
import { table } from '../../data-layer/sql-output';
import { batchesOf } from './write-batches';

export interface DeleteRecordsOptions {
  organizationId: string;
  entity: DataEntity;
  /** Ids, or {id} objects (bulk/delete accepts both). */
  items: readonly unknown[];
  batchSize?: number | undefined;
  bulk: boolean;
}

const idOf = z.union([z.uuid(), z.strictObject({ id: z.uuid() }).transform((o) => o.id)]);

/**
 * DELETE /api/v1/mysql/delete/{entity}/{id} and bulk/delete: all or none. A record that others
 * still refer to is refused with 409 (foreign keys never cascade).
 */
export async function deleteRecords(
  lane: DataLane,
  opts: DeleteRecordsOptions,
): Promise<WriteResult> {
  const def = registry[opts.entity];
  const seen = new Map<string, number>();
  const ids = await checkEach(opts.items, opts.bulk, (item, prefix, index) => {
    const id = parseOrThrow(idOf, item, prefix || 'id');
    if (seen.has(id)) throw invalid(prefix, `the same record as data.${seen.get(id)}`);
    seen.set(id, index);
    return id;
  });
  const size = opts.batchSize ?? dataLimits.defaultBatchSize;
  const { counts, pieces } = batchesOf(ids, size, lane.rowsPerStatement);
  const missing = (index: number) =>
    new AppError({
      code: 'DATA.NOT_FOUND',
      message: `${def.label} not found`,
      field: opts.bulk ? `data.${index}` : undefined,
    });
  const checks = pieces.map(({ start, items }) => async (tx: Tx) => {
    const found = new Set((await existing(tx, def, opts.organizationId, items)).map((r) => r.id));
    const absent = items.findIndex((id) => !found.has(id));
    if (absent >= 0) throw missing(start + absent);
  });
  const steps = pieces.map(({ start, items }) => ({
    table: def.pgTable,
    ids: items,
    run: async (tx: Tx) => {
      const gone = await dataRows(
        tx,
        sql`delete from ${table(def)}
            where organization_id = ${opts.organizationId} and ${idIn(sql`id`, items)}
            returning id::text as id`,
      );
      // Gone since the check (a concurrent delete on PostgreSQL): the same 404.
      const deleted = new Set(gone.map((r) => r.id));
      const absent = items.findIndex((id) => !deleted.has(id));
      if (absent >= 0) throw missing(start + absent);
    },
  }));
  await refusing(def, 'delete', () => writingSteps(lane, opts.organizationId, { checks, steps }));
  return { ids, batches: counts, rows: [] };
}

/** Which of `ids` are rows of the organization. */
const existing = (tx: Tx, def: EntityDef, organizationId: string, ids: string[]) =>
  dataRows(
    tx,
    sql`select id::text as id from ${table(def)}
          where organization_id = ${organizationId} and ${idIn(sql`id`, ids)}`,
  );
