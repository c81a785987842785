import { sql } from 'drizzle-orm';
import type { DataRow } from '../../../contract/data-api';
import type { DataLane } from '../../db/data-lane';
import { notFound } from './data-errors';
import { dataRows, writing } from './data-sql';
import { refusing } from './db-refusals';
import { registry } from '../../data-layer/entity-registry';
import { rowColumns, table } from '../../data-layer/sql-output';

/**
 * POST /api/v1/mysql/products/{id}/adjust-stock {"delta": n}: stock moves by delta in one
 * statement (no lost update between two adjustments) and never goes below 0 (spec section 5).
 */
export async function adjustStock(
  lane: DataLane,
  opts: { organizationId: string; id: string; delta: number },
): Promise<DataRow> {
  const def = registry.products;
  const [row] = await refusing(
    def,
    'write',
    () =>
      writing(lane, opts.organizationId, (tx) =>
        dataRows(
          tx,
          sql`update ${table(def)}
              set current_stock = greatest(current_stock::bigint + ${opts.delta}, 0), updated_at = now()
              where id = ${opts.id} and organization_id = ${opts.organizationId}
              returning ${rowColumns(def)}`,
        ),
      ),
    // Past the largest stock a column holds: the delta is what is out of range.
    'delta',
  );
  // "Adding stock to an unknown product raises 'Product not found'" (spec section 5).
  if (!row) throw notFound(def);
  return row;
}
