import { sql, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/database';

const dialect = new PgDialect();

interface Rendered {
  text: string;
  values: unknown[];
}

/** A statement as PostgreSQL receives it (drizzle's own rendering): text with $1.. and values. */
export function renderSql(statement: SQL): Rendered {
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

/** Up to this many ids are looked up in the primary key one by one; more are hashed. */
export const FEW_IDS = 250;

/**
 * `column` is one of `ids` (sent as ONE jsonb parameter, so the statement's text stays the same).
 * A few ids are looked up in the primary key (PostgreSQL would otherwise read the whole table for
 * one id: 20 ms a statement on PGlite); many are hashed against the rows (looked up one by one,
 * or tested against every row, 1,000 of them took seconds).
 */
export function idIn(column: SQL, ids: readonly string[]): SQL {
  const list = sql`select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid`;
  return ids.length <= FEW_IDS ? sql`${column} = any(array(${list}))` : sql`${column} in (${list})`;
}
