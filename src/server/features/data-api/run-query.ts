import type { DataQueryBody, DataRow } from '../../../contract/data-api';
import type { Database } from '../../db/database';
import { readOnlyRows } from './data-sql';
import { compileQuery } from './query-compiler';

/** POST /api/v1/mysql/query: the compiled SELECT, in a read-only transaction with a timeout. */
export async function runQuery(
  database: Database,
  opts: { organizationId: string; body: DataQueryBody },
): Promise<DataRow[]> {
  const statement = compileQuery(opts.body, opts.organizationId);
  return readOnlyRows<DataRow>(database, statement);
}
