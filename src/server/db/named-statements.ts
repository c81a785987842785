import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Named statements kept per connection; past this, statements run unnamed (bounded memory). */
export const MAX_PREPARED_PER_CONNECTION = 500;

/** Statement names by text, so the hot statements are hashed once per process, not per call. */
const names = new Map<string, string>();
function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= 10 * MAX_PREPARED_PER_CONNECTION) names.clear();
    name = `s${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

/** The names each connection has prepared (pg.Client objects live as long as their connection). */
const preparedBy = new WeakMap<pg.ClientBase, Set<string>>();

/**
 * The statement as pg's documented prepared-statement form ({name, text, values}): PostgreSQL
 * then parses and analyses it once per connection, and may keep a generic plan, rather than
 * doing both on every call (a third of PostgreSQL's CPU in a transfer: decision 031). Statements
 * without values stay unnamed, as do new ones once a connection holds the maximum.
 */
export function named<T extends pg.QueryConfig>(client: pg.ClientBase, statement: T): T {
  if (statement.name !== undefined || !statement.values?.length) return statement;
  let prepared = preparedBy.get(client);
  if (!prepared) preparedBy.set(client, (prepared = new Set()));
  const name = nameOf(statement.text);
  if (!prepared.has(name) && prepared.size >= MAX_PREPARED_PER_CONNECTION) return statement;
  prepared.add(name);
  return { ...statement, name };
}
