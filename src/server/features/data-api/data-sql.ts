import { sql, type SQL } from 'drizzle-orm';
import type { FieldType } from '../../../contract/data-api';
import { TimeBudgetExceeded, type DataLane, type WritePlan } from '../../db/data-lane';
import type { Db, Tx } from '../../db/database';
import { inCauses, rows } from '../../db/sql';
import { outOfTime, queryTimeout } from './db-refusals';
import type { FieldDef } from '../../data-layer/entity-registry';

/**
 * Runs a request's database work through the data lane (db/data-lane.ts: a budget of database
 * time per request, a share of the database), its time refusals in the API's words: a statement
 * past its timeout, or a request past its budget, is 503 DATA.QUERY_TIMEOUT, nothing written.
 */
async function answered<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof TimeBudgetExceeded) throw outOfTime(err.budgetMs);
    if (inCauses(err, (e) => (e as { code?: unknown }).code === '57014')) throw queryTimeout();
    throw err;
  }
}

/** A read-only transaction on the organization's data. */
export const readOnly = <T>(lane: DataLane, organizationId: string, work: (tx: Tx) => Promise<T>) =>
  answered(() => lane.read(organizationId, work));

/** One read-only statement's rows (one round trip on PostgreSQL). */
export const readOnlyRows = <T>(lane: DataLane, organizationId: string, statement: SQL) =>
  answered(() => lane.readRows<T>(organizationId, statement));

/** A short write in one transaction. */
export const writing = <T>(lane: DataLane, organizationId: string, work: (tx: Tx) => Promise<T>) =>
  answered(() => lane.write(organizationId, work));

/** A write of many records: the plan's check, then its steps, all or nothing. */
export const writingSteps = <R>(lane: DataLane, organizationId: string, plan: WritePlan<R>) =>
  answered(() => lane.writeSteps(organizationId, plan));

/** A list or records as ONE bound parameter (jsonb): the statement's text stays the same. */
export const jsonParam = (value: unknown): SQL => sql`${JSON.stringify(value)}::jsonb`;

/** The SQL type of a field in a jsonb record set (fixed words, never request text). */
const SQL_TYPES: Record<FieldType, string> = {
  uuid: 'uuid',
  text: 'text',
  enum: 'text',
  integer: 'integer',
  decimal: 'numeric',
  boolean: 'boolean',
  date: 'date',
  timestamp: 'timestamptz',
};
export const sqlType = (f: Pick<FieldDef, 'type'>): SQL => sql.raw(SQL_TYPES[f.type]);

/** `alias.name type` column definitions of jsonb_to_recordset. */
export const recordDefinition = (fields: Array<Pick<FieldDef, 'name' | 'type'>>): SQL =>
  sql.join(
    fields.map((f) => sql`${sql.identifier(f.name)} ${sqlType(f)}`),
    sql`, `,
  );

/** Rows of `statement`, typed as the API answers them. */
export const dataRows = (tx: Db | Tx, statement: SQL) =>
  rows<Record<string, string | number | boolean | null>>(tx, statement);
