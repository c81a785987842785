import { sql } from 'drizzle-orm';
import type { DataEntity, DataRow } from '../../../contract/data-api';
import type { DataLane } from '../../db/data-lane';
import { notFound } from './data-errors';
import { dataRows, readOnly } from './data-sql';
import { registry } from '../../data-layer/entity-registry';
import { rowColumns, table } from '../../data-layer/sql-output';

/** GET /api/v1/mysql/{entity}/{id}: one record of the caller's organization, else 404. */
export async function getRecord(
  lane: DataLane,
  opts: { organizationId: string; entity: DataEntity; id: string },
): Promise<DataRow> {
  const def = registry[opts.entity];
  const [row] = await readOnly(lane, opts.organizationId, (tx) =>
    dataRows(
      tx,
      sql`select ${rowColumns(def)} from ${table(def)}
          where id = ${opts.id} and organization_id = ${opts.organizationId}`,
    ),
  );
  if (!row) throw notFound(def);
  return row;
}
