import { sql } from 'drizzle-orm';
import type { DataRow } from '../../../contract/data-api';
import type { DataLane } from '../../db/data-lane';
import { notFound } from './data-errors';
import { dataRows, writing } from './data-sql';
import { registry } from '../../data-layer/entity-registry';
import { rowColumns, table } from '../../data-layer/sql-output';

/**
 * POST /api/v1/mysql/pets/{id}/medical-notes {"note": "..."}: the note, after a bracketed
 * timestamp, goes on a new line after the existing notes (spec section 5).
 */
export async function addMedicalNote(
  lane: DataLane,
  opts: { organizationId: string; id: string; note: string; now?: Date },
): Promise<DataRow> {
  const def = registry.pets;
  const entry = `[${(opts.now ?? new Date()).toISOString()}] ${opts.note}`;
  const [row] = await writing(lane, opts.organizationId, (tx) =>
    dataRows(
      tx,
      sql`update ${table(def)}
          set medical_notes = case when coalesce(medical_notes, '') = '' then ${entry}
                                   else medical_notes || ${`\n${entry}`} end,
              updated_at = now()
          where id = ${opts.id} and organization_id = ${opts.organizationId}
          returning ${rowColumns(def)}`,
    ),
  );
  if (!row) throw notFound(def);
  return row;
}
