import type { DataQueryBody, DataRow } from '../../../contract/data-api';
import type { DataLane } from '../../db/data-lane';
import { readOnlyRows } from './data-sql';
import { compileQuery } from '../../data-layer/query-compiler';

/** POST /api/v1/mysql/query: the compiled SELECT, in a read-only transaction with a timeout. */
export async function runQuery(
  lane: DataLane,
  opts: { organizationId: string; body: DataQueryBody },
): Promise<DataRow[]> {
  const statement = compileQuery(opts.body, opts.organizationId);
  return readOnlyRows<DataRow>(lane, opts.organizationId, statement);
}
