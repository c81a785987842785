import { sql, type SQL } from 'drizzle-orm';
import type { FieldType } from '../../../contract/data-api';
import type { Db, Tx } from '../../db/database';
import { rows } from '../../db/sql';
import { queryTimeout } from './db-refusals';
import type { FieldDef } from './entity-registry';

/** How long one data statement may run (PostgreSQL; PGlite cannot interrupt a statement). */
export const STATEMENT_TIMEOUT_MS = 5000;

/**
 * Runs `work` in a read-only transaction with a statement timeout, set in one statement
 * (transaction_read_only may always be turned on before the first write).
 */
export async function readOnly<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  timeoutMs = STATEMENT_TIMEOUT_MS,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('transaction_read_only', 'on', true),
                   set_config('statement_timeout', ${String(timeoutMs)}, true)`,
      );
      return work(tx);
    });
  } catch (err) {
    const code = (err as { cause?: { code?: unknown } }).cause?.code;
    throw code === '57014' ? queryTimeout() : err;
  }
}

/** A write transaction with the same statement timeout. */
export function writing<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('statement_timeout', ${String(STATEMENT_TIMEOUT_MS)}, true)`,
    );
    return work(tx);
  });
}

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
