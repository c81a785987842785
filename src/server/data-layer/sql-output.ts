import { sql, type SQL } from 'drizzle-orm';
import type { FieldType } from '../../contract/data-api';
import { renderSql } from '../db/sql';
import type { EntityDef } from './entity-registry';

// How a value leaves the database, the same on PostgreSQL and PGlite: money as exact decimal
// text, dates as YYYY-MM-DD, timestamps as ISO 8601 in UTC. Identifiers come only from the
// registry (sql.identifier quotes them); nothing here sees request text.

/** Rendered columns by alias and name: both come from the registry, so the set is small. */
const rendered = new Map<string, SQL>();

/**
 * alias.column, or the bare column (RETURNING, single-table statements), rendered once as text:
 * a query names the same few columns again and again, and a drizzle fragment costs more to
 * render than to reuse.
 */
export function column(alias: string | null, name: string): SQL {
  const key = `${alias ?? ''}.${name}`;
  let found = rendered.get(key);
  if (!found) {
    const written =
      alias === null
        ? sql`${sql.identifier(name)}`
        : sql`${sql.identifier(alias)}.${sql.identifier(name)}`;
    rendered.set(key, (found = sql.raw(renderSql(written).text)));
  }
  return found;
}

/** An expression of `type` as the API writes it. */
export function output(type: FieldType, expr: SQL): SQL {
  switch (type) {
    case 'decimal':
      return sql`${expr}::text`;
    case 'date':
      return sql`to_char(${expr}, 'YYYY-MM-DD')`;
    case 'timestamp':
      return sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    default:
      return expr;
  }
}

/** Every field of a row, each under its own name (the answer of create, update, get, list). */
export function rowColumns(def: EntityDef, alias: string | null = null): SQL {
  return sql.join(
    def.fields.map(
      (f) => sql`${output(f.type, column(alias, f.name))} as ${sql.identifier(f.name)}`,
    ),
    sql`, `,
  );
}

export const table = (def: EntityDef): SQL => sql`${sql.identifier(def.table)}`;
