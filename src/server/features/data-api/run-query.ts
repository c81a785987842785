import type { DataQueryBody, DataRow } from '../../../contract/data-api';
import type { Db } from '../../db/database';
import { dataRows, readOnly } from './data-sql';
import { compileQuery } from './query-compiler';

/** POST /api/v1/mysql/query: the compiled SELECT, in a read-only transaction with a timeout. */
export async function runQuery(
  db: Db,
  opts: { organizationId: string; body: DataQueryBody },
): Promise<DataRow[]> {
  const statement = compileQuery(opts.body, opts.organizationId);
  return readOnly(db, (tx) => dataRows(tx, statement));
}
