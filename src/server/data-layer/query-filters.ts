import { sql, type SQL } from 'drizzle-orm';
import { dataLimits, filterOperators, type FilterOperator } from '../../contract/data-api';
import { invalid } from '../http/invalid-input';
import type { FieldDef } from './entity-registry';
import { parseAggregate } from './query-aggregates';
import { pathPart, resolveField, type QueryScope } from './query-scope';
import { filterValue, likePattern, operatorsByType } from './query-values';

// Filters (WHERE) and HAVING: field → value (equality; null is IS NULL), field →
// {operator, value}, and "$or" → a list of filter maps (nested at most 3 deep). At most 20
// conditions, 100 values in IN. Every value is a bound parameter.

export interface Subject {
  expr: SQL;
  field: Pick<FieldDef, 'type' | 'values'> & Partial<FieldDef>;
}
interface Budget {
  conditions: number;
}

const isMap = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const and = (parts: SQL[]): SQL =>
  parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` and `)})`;

/** A written operator (any case, `<>` and `==` too) as the filter language's, or 400 at `where`. */
export function operatorOf(raw: unknown, where: string): FilterOperator {
  const text = typeof raw === 'string' ? raw.trim().toUpperCase().replace(/\s+/g, ' ') : '';
  const op = text === '<>' ? '!=' : text === '==' ? '=' : text;
  const known = filterOperators.find((o) => o === op);
  if (!known) throw invalid(where, `operators are ${filterOperators.join(', ')}`);
  return known;
}

function listOf(value: unknown, where: string, min: number, max: number): unknown[] {
  if (!Array.isArray(value) || value.length < min || value.length > max)
    throw invalid(
      where,
      min === max ? `must be a list of ${min} values` : `must be a list of ${min} to ${max} values`,
    );
  return value;
}

/** One condition on a field or an aggregate (also the CRM gateway's registry objects). */
export function compare(subject: Subject, op: FilterOperator, value: unknown, where: string): SQL {
  const { expr, field } = subject;
  if (!operatorsByType[field.type].includes(op))
    throw invalid(`${where}.operator`, `${op} does not apply to a ${field.type} field`);
  const one = (v: unknown, at = `${where}.value`) => filterValue(field as FieldDef, op, v, at);
  switch (op) {
    case 'IS NOT NULL':
      return sql`${expr} is not null`;
    case '=':
      return value === null ? sql`${expr} is null` : sql`${expr} = ${one(value)}`;
    case '!=':
      return value === null ? sql`${expr} is not null` : sql`${expr} <> ${one(value)}`;
    case '<':
      return sql`${expr} < ${one(value)}`;
    case '<=':
      return sql`${expr} <= ${one(value)}`;
    case '>':
      return sql`${expr} > ${one(value)}`;
    case '>=':
      return sql`${expr} >= ${one(value)}`;
    case 'LIKE':
      return sql`${expr}::text ilike ${likePattern(String(one(value)))}`;
    case 'BETWEEN': {
      const [low, high] = listOf(value, `${where}.value`, 2, 2);
      return sql`${expr} between ${one(low, `${where}.value.0`)} and ${one(high, `${where}.value.1`)}`;
    }
    case 'IN': {
      const values = listOf(value, `${where}.value`, 1, dataLimits.inValues);
      const params = values.map((v, i) => sql`${one(v, `${where}.value.${i}`)}`);
      return sql`${expr} in (${sql.join(params, sql`, `)})`;
    }
  }
}

/** A condition as written: a bare value (equality) or {operator, value}. */
function condition(subject: Subject, written: unknown, where: string, budget: Budget): SQL {
  if (++budget.conditions > dataLimits.filters)
    throw invalid('filters', `at most ${dataLimits.filters} conditions`);
  if (Array.isArray(written))
    throw invalid(where, 'a list needs an operator: {"operator": "IN", "value": [...]}');
  if (!isMap(written)) return compare(subject, '=', written, where);
  const extra = Object.keys(written).find((k) => k !== 'operator' && k !== 'value');
  if (extra !== undefined)
    throw invalid(`${where}.${pathPart(extra)}`, 'this field is not accepted');
  return compare(subject, operatorOf(written.operator, `${where}.operator`), written.value, where);
}

function conditions(
  scope: QueryScope,
  map: unknown,
  where: string,
  depth: number,
  budget: Budget,
): SQL[] {
  if (!isMap(map)) throw invalid(where, 'must be an object of field → condition');
  return Object.entries(map).map(([key, written]) => {
    const at = `${where}.${pathPart(key)}`;
    if (key !== '$or') return condition(resolveField(scope, key, at), written, at, budget);
    if (depth >= dataLimits.orDepth)
      throw invalid(at, `$or nests at most ${dataLimits.orDepth} deep`);
    const branches = listOf(written, at, 1, dataLimits.filters).map((branch, i) => {
      const parts = conditions(scope, branch, `${at}.${i}`, depth + 1, budget);
      if (parts.length === 0) throw invalid(`${at}.${i}`, 'must hold a condition');
      return and(parts);
    });
    return sql`(${sql.join(branches, sql` or `)})`;
  });
}

/** The WHERE conditions of `filters` (none when absent or empty). */
export function compileFilters(scope: QueryScope, filters: unknown): SQL[] {
  if (filters === undefined) return [];
  return conditions(scope, filters, 'filters', 0, { conditions: 0 });
}

/** HAVING: aggregate ("count(*)", "sum(value)") → value or {operator, value}. */
export function compileHaving(scope: QueryScope, having: unknown): SQL[] {
  if (having === undefined) return [];
  if (!isMap(having)) throw invalid('having', 'must be an object of aggregate → condition');
  const budget = { conditions: 0 };
  return Object.entries(having).map(([key, written]) => {
    const at = `having.${pathPart(key)}`;
    const aggregate = parseAggregate(scope, key, at);
    return condition(
      { expr: aggregate.expr, field: { type: aggregate.type } },
      written,
      at,
      budget,
    );
  });
}
