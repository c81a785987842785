import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type * as schema from './schema';

// The drizzle handle every query takes. Opening a database (and what it offers besides the
// handle) is db/open-database.ts: this file stays free of the modules that take a handle.

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** True for errors that mean "the database is unreachable or overloaded", answered 503. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown } | undefined;
  if (!e) return false;
  const code = e.code ?? '';
  if (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH'].includes(code)
  )
    return true;
  // 08: connection exception; 57P0x: shutdown; 53: insufficient resources; 57014: statement timeout.
  if (/^(08|53|57P0)/.test(code) || code === '57014') return true;
  const msg = e.message ?? '';
  if (
    /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|PGlite is closed/i.test(
      msg,
    )
  )
    return true;
  return e.cause !== undefined && e.cause !== err ? isDatabaseUnavailable(e.cause) : false;
}

export { sql };
