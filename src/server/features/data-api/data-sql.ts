import { sql, type SQL } from 'drizzle-orm';
import type { FieldType } from '../../../contract/data-api';
import type { Database, Db, Tx } from '../../db/database';
import { inCauses, rows } from '../../db/sql';
import { queryTimeout } from './db-refusals';
import type { FieldDef } from './entity-registry';

/** How long one data statement may run (PostgreSQL; PGlite cannot interrupt a statement). */
export const STATEMENT_TIMEOUT_MS = 5000;

/** Read-only with a statement timeout (transaction_read_only may be turned on before any write). */
const readOnlySettings = (timeoutMs: number): SQL =>
  sql`select set_config('transaction_read_only', 'on', true),
             set_config('statement_timeout', ${String(timeoutMs)}, true)`;

/** A statement that ran past the timeout is the caller's 400 DATA.QUERY_TIMEOUT. */
function timedOut(err: unknown): unknown {
  return inCauses(err, (e) => (e as { code?: unknown }).code === '57014') ? queryTimeout() : err;
}

/** Runs `work` in a read-only transaction with a statement timeout. */
export async function readOnly<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  timeoutMs = STATEMENT_TIMEOUT_MS,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(readOnlySettings(timeoutMs));
      return work(tx);
    });
  } catch (err) {
    throw timedOut(err);
  }
}

/**
 * One statement's rows in a read-only transaction with the timeout, in one round trip on
 * PostgreSQL (BEGIN, the settings, the statement and COMMIT leave together).
 */
export async function readOnlyRows<T>(
  database: Database,
  statement: SQL,
  timeoutMs = STATEMENT_TIMEOUT_MS,
): Promise<T[]> {
  try {
    const [, found] = await database.ledgerTransaction((t) =>
      t.finish([readOnlySettings(timeoutMs), statement]),
    );
    return found as T[];
  } catch (err) {
    throw timedOut(err);
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
