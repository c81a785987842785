import { sql, type SQL } from 'drizzle-orm';
import type { FieldType } from '../../../../contract/data-api';

// Keyset paging: the next page is the rows that sort after the last one read, by the query's
// order and then Id (unique), so it needs no OFFSET and skips nothing that stays in the result.
// Ascending keys put nulls first, descending keys last (the order terms below).

/** A sort key's value as PostgreSQL prints it (`::text`); null for a null. */
export type SortValue = string | null;

export interface SortKey {
  expr: SQL;
  type: FieldType;
  descending: boolean;
}

const SQL_TYPES: Partial<Record<FieldType, string>> = {
  uuid: 'uuid',
  text: 'text',
  integer: 'integer',
  decimal: 'numeric',
  boolean: 'boolean',
  date: 'date',
};

export const orderTerm = (k: SortKey): SQL =>
  k.descending ? sql`${k.expr} desc nulls last` : sql`${k.expr} asc nulls first`;

/** The printed value back in its column's type: compared as the column sorts. */
function typed(k: SortKey, value: string): SQL {
  const type = SQL_TYPES[k.type];
  if (!type) throw new Error(`no keyset type for ${k.type}`);
  return sql`cast(${value} as ${sql.raw(type)})`;
}

const same = (k: SortKey, v: SortValue): SQL =>
  v === null ? sql`${k.expr} is null` : sql`${k.expr} = ${typed(k, v)}`;

/** Sorts strictly after `v` on this key alone. */
function beyond(k: SortKey, v: SortValue): SQL {
  if (!k.descending)
    return v === null ? sql`${k.expr} is not null` : sql`${k.expr} > ${typed(k, v)}`;
  return v === null ? sql`false` : sql`(${k.expr} < ${typed(k, v)} or ${k.expr} is null)`;
}

/** Rows after the one whose keys are `values`: equal on the first i keys and beyond on the next. */
export function rowsAfter(keys: SortKey[], values: SortValue[]): SQL {
  const branches = keys.map((k, i) => {
    const equal = keys.slice(0, i).map((earlier, j) => same(earlier, values[j] ?? null));
    return sql.join([...equal, beyond(k, values[i] ?? null)], sql` and `);
  });
  return sql`((${sql.join(branches, sql`) or (`)}))`;
}
