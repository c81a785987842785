import { sql, type SQL } from 'drizzle-orm';
import type { FieldType } from '../../../contract/data-api';
import type { EntityDef } from './entity-registry';

// How a value leaves the database, the same on PostgreSQL and PGlite: money as exact decimal
// text, dates as YYYY-MM-DD, timestamps as ISO 8601 in UTC. Identifiers come only from the
// registry (sql.identifier quotes them); nothing here sees request text.

/** alias.column, or the bare column (RETURNING, single-table statements). */
export const column = (alias: string | null, name: string): SQL =>
  alias === null
    ? sql`${sql.identifier(name)}`
    : sql`${sql.identifier(alias)}.${sql.identifier(name)}`;

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
