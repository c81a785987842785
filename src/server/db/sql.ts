import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/database';

const dialect = new PgDialect();

/** A statement as PostgreSQL receives it: its text with $1.. placeholders and their values. */
export function renderSql(statement: SQL): { text: string; values: unknown[] } {
  const query = dialect.sqlToQuery(statement);
  return { text: query.sql, values: query.params };
}

/** Runs raw SQL and returns its rows; numeric and bigint columns are cast to text in the SQL. */
export async function rows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** True when `err` or one of its first causes (drivers wrap errors) satisfies `test`. */
export function inCauses(err: unknown, test: (e: object) => boolean): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (test(e)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
