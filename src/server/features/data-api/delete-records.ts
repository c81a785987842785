import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { dataLimits, type DataEntity } from '../../../contract/data-api';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { WriteResult } from './create-records';
import { checkEach, invalid, parseOrThrow } from './data-errors';
import { dataRows, jsonParam, writing } from './data-sql';
import { refusing } from './db-refusals';
import { registry } from './entity-registry';
import { table } from './sql-output';

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
export async function deleteRecords(db: Db, opts: DeleteRecordsOptions): Promise<WriteResult> {
  const def = registry[opts.entity];
  const seen = new Map<string, number>();
  const ids = checkEach(opts.items, opts.bulk, (item, prefix, index) => {
    const id = parseOrThrow(idOf, item, prefix || 'id');
    if (seen.has(id)) throw invalid(prefix, `the same record as data.${seen.get(id)}`);
    seen.set(id, index);
    return id;
  });
  const size = opts.batchSize ?? dataLimits.defaultBatchSize;
  return refusing(def, 'delete', () =>
    writing(db, async (tx) => {
      const result: WriteResult = { ids, batches: [], rows: [] };
      for (let start = 0, batch = 1; start < ids.length; start += size, batch++) {
        const slice = ids.slice(start, start + size);
        const gone = await dataRows(
          tx,
          sql`delete from ${table(def)} where organization_id = ${opts.organizationId}
              and id in (select jsonb_array_elements_text(${jsonParam(slice)})::uuid)
              returning id::text as id`,
        );
        if (gone.length < slice.length) {
          const deleted = new Set(gone.map((r) => r.id));
          const missing = start + slice.findIndex((id) => !deleted.has(id));
          throw new AppError(
            'DATA.NOT_FOUND',
            `${def.label} not found`,
            opts.bulk ? `data.${missing}` : undefined,
          );
        }
        result.batches.push({ batch, count: slice.length });
      }
      return result;
    }),
  );
}
