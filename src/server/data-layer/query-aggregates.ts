import { sql, type SQL } from 'drizzle-orm';
import {
  aggregateFunctions,
  type AggregateFunction,
  type FieldType,
} from '../../contract/data-api';
import { invalid } from '../http/invalid-input';
import { resolveField, type QueryScope } from './query-scope';
import { output } from './sql-output';

// Aggregates for grouping: count(*), count(field), sum, avg, min, max. Written as text
// ("sum(value)") or as {fn, field}; the function comes from a fixed list, the field from the
// registry, so the SQL is built from known words only.

export interface Aggregate {
  /** The answer's key: "count" for count(*), else "sum_value", "max_account.name". */
  key: string;
  /** The aggregate itself (HAVING, ORDER BY). */
  expr: SQL;
  /** As the answer writes it. */
  out: SQL;
  /** What the aggregate yields, for checking HAVING values. */
  type: FieldType;
}

const CALL = /^\s*([A-Za-z_]+)\s*\(\s*([^()]*?)\s*\)\s*$/;
const NUMERIC: readonly FieldType[] = ['integer', 'decimal'];
const ORDERED: readonly FieldType[] = ['integer', 'decimal', 'date', 'timestamp', 'text', 'enum'];

export type AggregateInput = string | { fn: AggregateFunction; field?: string | undefined };

/** True when `item` is written as a call, "fn(...)": then it must be a valid aggregate. */
export const isAggregate = (item: AggregateInput): boolean =>
  typeof item !== 'string' || CALL.test(item);

export function parseAggregate(scope: QueryScope, item: AggregateInput, where: string): Aggregate {
  const [fnText, arg] =
    typeof item === 'string'
      ? (CALL.exec(item)?.slice(1, 3) ?? ['', ''])
      : [item.fn, item.field ?? '*'];
  const fn = aggregateFunctions.find((f) => f === fnText!.toLowerCase());
  if (!fn) throw invalid(where, `aggregates are ${aggregateFunctions.join(', ')}`);
  if (arg === '*' || arg === '') {
    if (fn !== 'count') throw invalid(where, `${fn} needs a field`);
    return { key: 'count', expr: sql`count(*)`, out: sql`count(*)::int`, type: 'integer' };
  }
  const ref = resolveField(scope, arg!, where);
  const key = `${fn}_${ref.key}`;
  const { type } = ref.field;
  switch (fn) {
    case 'count':
      return {
        key,
        expr: sql`count(${ref.expr})`,
        out: sql`count(${ref.expr})::int`,
        type: 'integer',
      };
    case 'sum':
    case 'avg': {
      if (!NUMERIC.includes(type)) throw invalid(where, `${fn} needs a number field`);
      const expr = fn === 'sum' ? sql`sum(${ref.expr})` : sql`avg(${ref.expr})`;
      // An average of money keeps 2 decimals; a sum is exact.
      const out = fn === 'sum' ? sql`${expr}::text` : sql`round(${expr}, 2)::text`;
      return { key, expr, out, type: 'decimal' };
    }
    case 'min':
    case 'max': {
      if (!ORDERED.includes(type)) throw invalid(where, `${fn} does not apply to a ${type} field`);
      const expr = fn === 'min' ? sql`min(${ref.expr})` : sql`max(${ref.expr})`;
      return { key, expr, out: output(type, expr), type };
    }
  }
}
