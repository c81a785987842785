import { is, Param, Placeholder, sql, SQL, StringChunk } from 'drizzle-orm';
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
 * Renders a statement made only of text, nested `sql`, plain values, lists of them and
 * `sql.param` (the ledger's statements) as the dialect does, and says false at anything else (a
 * column, a table, a name, a placeholder), which is left to the dialect. Drizzle tests every
 * chunk against a dozen classes; that was 7% of a transfer's CPU.
 */
function renderPlain(statement: SQL, out: Rendered): boolean {
  if ((statement as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
  return statement.queryChunks.every((chunk) => renderChunk(chunk, out));
}

function renderChunk(chunk: unknown, out: Rendered): boolean {
  if (chunk === undefined) return true;
  if (chunk instanceof StringChunk) out.text += chunk.value.join('');
  else if (chunk instanceof SQL) return renderPlain(chunk, out);
  else if (isPlainValue(chunk)) out.text += `$${out.values.push(chunk)}`;
  else if (Array.isArray(chunk)) return renderList(chunk, out);
  else if (chunk instanceof Param) return renderParam(chunk, out);
  else return false;
  return true;
}

/** A list, as drizzle renders one: "(a, b, …)". */
function renderList(items: unknown[], out: Rendered): boolean {
  out.text += '(';
  for (const [i, item] of items.entries()) {
    if (i > 0) out.text += ', ';
    if (!renderChunk(item, out)) return false;
  }
  out.text += ')';
  return true;
}

/** `sql.param(value)`: the value as its encoder sends it (a placeholder is the dialect's). */
function renderParam(param: Param, out: Rendered): boolean {
  if (is(param.value, Placeholder)) return false;
  const value: unknown = param.value === null ? null : param.encoder.mapToDriverValue(param.value);
  if (is(value, SQL)) return false;
  out.text += `$${out.values.push(value)}`;
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
