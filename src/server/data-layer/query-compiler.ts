import { sql, type SQL } from 'drizzle-orm';
import { dataLimits, type DataQueryBody } from '../../contract/data-api';
import { invalid } from '../http/invalid-input';
import { registry } from './entity-registry';
import { isAggregate, parseAggregate, type AggregateInput } from './query-aggregates';
import { compileFilters, compileHaving } from './query-filters';
import { buildScope, resolveField, type QueryScope, type ResolvedField } from './query-scope';
import { column, output, table } from './sql-output';

// POST /api/v1/mysql/query → one SELECT. Identifiers come from the registry's allow-list only
// (sql.identifier), values are bound parameters, and every table read (the entity and each
// joined one) is filtered by the caller's organization.

interface SelectItem {
  key: string;
  out: SQL;
  aggregate: boolean;
}

function selectItems(
  scope: QueryScope,
  body: DataQueryBody,
  groupBy: ResolvedField[],
): SelectItem[] {
  const plain = (f: ResolvedField): SelectItem => ({
    key: f.key,
    out: output(f.field.type, f.expr),
    aggregate: false,
  });
  const written: AggregateInput[] | undefined = body.fields;
  if (!written) {
    if (groupBy.length === 0 && body.having === undefined)
      return scope.base.fields.map((f) => plain(resolveField(scope, f.name, 'fields')));
    const count = parseAggregate(scope, 'count(*)', 'fields');
    return [...groupBy.map(plain), { key: count.key, out: count.out, aggregate: true }];
  }
  return written.map((item, i) => {
    const where = `fields.${i}`;
    if (isAggregate(item)) {
      const a = parseAggregate(scope, item, where);
      return { key: a.key, out: a.out, aggregate: true };
    }
    return plain(resolveField(scope, item as string, where));
  });
}

interface OrderItem {
  ref: string;
  dir: 'asc' | 'desc';
  where: string;
}

function orderItems(orderBy: DataQueryBody['orderBy']): OrderItem[] {
  const list = orderBy === undefined ? [] : Array.isArray(orderBy) ? orderBy : [orderBy];
  return list.map((item, i) => {
    const where = Array.isArray(orderBy) ? `orderBy.${i}` : 'orderBy';
    if (typeof item !== 'string') return { ref: item.field, dir: item.dir ?? 'asc', where };
    const m = /^(.*?)(?:\s+(asc|desc))?\s*$/i.exec(item.trim())!;
    return { ref: m[1]!, dir: (m[2]?.toLowerCase() ?? 'asc') as 'asc' | 'desc', where };
  });
}

function compileOrder(
  scope: QueryScope,
  body: DataQueryBody,
  aggregated: boolean,
  groupBy: ResolvedField[],
): SQL[] {
  const grouped = new Set(groupBy.map((g) => g.key));
  const items = orderItems(body.orderBy).map(({ ref, dir, where }) => {
    const direction = dir === 'desc' ? sql`desc` : sql`asc`;
    if (isAggregate(ref)) {
      if (!aggregated) throw invalid(where, 'an aggregate orders only a grouped query');
      return sql`${parseAggregate(scope, ref, where).expr} ${direction}`;
    }
    const f = resolveField(scope, ref, where);
    if (aggregated && !grouped.has(f.key))
      throw invalid(where, 'must be in groupBy or an aggregate');
    return sql`${f.expr} ${direction}`;
  });
  if (aggregated) return items.length > 0 ? items : groupBy.map((g) => g.expr);
  // Rows in a stable order, so that pages neither repeat nor skip a row.
  if (items.length === 0) items.push(sql`t0.created_at desc`);
  return [...items, sql`t0.id`];
}

function joinClauses(scope: QueryScope, organizationId: string): SQL {
  return sql.join(
    [...scope.joins.values()].map((j) => {
      const kind = j.inner ? sql`join` : sql`left join`;
      const alias = sql.identifier(j.alias);
      return sql` ${kind} ${table(j.def)} ${alias} on ${column(j.alias, 'id')} = ${column(j.parentAlias, j.field)} and ${alias}.organization_id = ${organizationId}`;
    }),
  );
}

/** The statement of a query body for the caller's organization; 400 for anything not allowed. */
export function compileQuery(body: DataQueryBody, organizationId: string): SQL {
  const scope = buildScope(registry[body.entity], body.joins);
  const conditions = [
    sql`t0.organization_id = ${organizationId}`,
    ...compileFilters(scope, body.filters),
  ];
  const groupBy = (body.groupBy ?? []).map((ref, i) => resolveField(scope, ref, `groupBy.${i}`));
  const having = compileHaving(scope, body.having);
  const items = selectItems(scope, body, groupBy);
  const aggregated = groupBy.length > 0 || having.length > 0 || items.some((i) => i.aggregate);
  const grouped = new Set(groupBy.map((g) => g.key));
  items.forEach((item, i) => {
    if (aggregated && !item.aggregate && !grouped.has(item.key))
      throw invalid(`fields.${i}`, 'must be in groupBy or an aggregate');
  });
  const unique = items.filter((item, i) => items.findIndex((o) => o.key === item.key) === i);
  const select = sql.join(
    unique.map((i) => sql`${i.out} as ${sql.identifier(i.key)}`),
    sql`, `,
  );
  const order = compileOrder(scope, body, aggregated, groupBy);
  const limit = body.limit ?? dataLimits.defaultLimit;
  return sql`select ${select} from ${table(scope.base)} t0${joinClauses(scope, organizationId)}
    where ${sql.join(conditions, sql` and `)}
    ${
      groupBy.length
        ? sql`group by ${sql.join(
            groupBy.map((g) => g.expr),
            sql`, `,
          )}`
        : sql``
    }
    ${having.length ? sql`having ${sql.join(having, sql` and `)}` : sql``}
    ${order.length ? sql`order by ${sql.join(order, sql`, `)}` : sql``}
    limit ${limit} offset ${body.offset ?? 0}`;
}
