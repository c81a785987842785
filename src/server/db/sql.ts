import { SQL, StringChunk } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/database';

const dialect = new PgDialect();

interface Rendered {
  text: string;
  values: unknown[];
}

/** A statement as PostgreSQL receives it: its text with $1.. placeholders and their values. */
export function renderSql(statement: SQL): Rendered {
  const plain: Rendered = { text: '', values: [] };
  if (renderPlain(statement, plain)) return plain;
  const query = dialect.sqlToQuery(statement);
  return { text: query.sql, values: query.params };
}

const PLAIN_TYPES = new Set(['string', 'number', 'boolean', 'bigint']);
const isPlainValue = (chunk: unknown) => chunk === null || PLAIN_TYPES.has(typeof chunk);

/**
 * Renders a statement made only of text, nested `sql` and plain values (the ledger's write
 * statement) as the dialect does, and says false at anything else (a column, a table, a name,
 * an array, `sql.param`), which is left to the dialect. Drizzle tests every chunk against a
 * dozen classes; that was 7% of a transfer's CPU.
 */
function renderPlain(statement: SQL, out: Rendered): boolean {
  if ((statement as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
  for (const chunk of statement.queryChunks) {
    if (chunk instanceof StringChunk) out.text += chunk.value.join('');
    else if (chunk instanceof SQL) {
      if (!renderPlain(chunk, out)) return false;
    } else if (isPlainValue(chunk)) out.text += `$${out.values.push(chunk)}`;
    else if (chunk !== undefined) return false;
  }
  return true;
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
