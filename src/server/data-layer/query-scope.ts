import type { SQL } from 'drizzle-orm';
import { dataLimits, type DataQueryBody } from '../../contract/data-api';
import { invalid } from '../http/invalid-input';
import { registry, type EntityDef, type FieldDef } from './entity-registry';
import { column } from './sql-output';

// The tables a query may read: its entity (alias t0) and the relations it joins (t1..t3), each
// reached only along a foreign key declared in the registry. Field references are resolved here
// against that allow-list; anything else is refused with 400 before any SQL is built.

export interface JoinedEntity {
  path: string;
  alias: string;
  parentAlias: string;
  def: EntityDef;
  /** The foreign-key field on the parent. */
  field: string;
  inner: boolean;
}

export interface QueryScope {
  base: EntityDef;
  joins: Map<string, JoinedEntity>;
}

export interface ResolvedField {
  expr: SQL;
  field: FieldDef;
  /** The reference as the answer names it: "last_name", "account.name". */
  key: string;
}

const names = (items: Iterable<string>) => [...items].join(', ') || 'none';

export function buildScope(base: EntityDef, joins: DataQueryBody['joins'] = []): QueryScope {
  const scope: QueryScope = { base, joins: new Map() };
  joins.forEach((join, i) => {
    const path = typeof join === 'string' ? join : join.relation;
    const inner = typeof join !== 'string' && join.type === 'inner';
    let parent = { def: base, alias: 't0' };
    const segments = path.split('.');
    segments.forEach((segment, depth) => {
      const at = segments.slice(0, depth + 1).join('.');
      const known = scope.joins.get(at);
      if (known) {
        parent = known;
        return;
      }
      const relation = parent.def.relations.get(segment);
      if (!relation)
        throw invalid(
          `joins.${i}`,
          `${parent.def.name} has no such relation (relations: ${names(parent.def.relations.keys())})`,
        );
      if (scope.joins.size >= dataLimits.joins)
        throw invalid('joins', `at most ${dataLimits.joins} joins`);
      const joined: JoinedEntity = {
        path: at,
        alias: `t${scope.joins.size + 1}`,
        parentAlias: parent.alias,
        def: registry[relation.entity],
        field: relation.field,
        inner,
      };
      scope.joins.set(at, joined);
      parent = joined;
    });
  });
  return scope;
}

/** "last_name" or "account.name" (a joined relation's field) → its column, or 400 at `where`. */
export function resolveField(scope: QueryScope, ref: string, where: string): ResolvedField {
  const dot = ref.lastIndexOf('.');
  const path = dot < 0 ? '' : ref.slice(0, dot);
  const name = ref.slice(dot + 1);
  const owner = path === '' ? { def: scope.base, alias: 't0' } : scope.joins.get(path);
  if (!owner) throw invalid(where, 'names a relation the query does not join');
  const field = owner.def.field.get(name);
  if (!field)
    throw invalid(
      where,
      `not a field of ${owner.def.name} (fields: ${names(owner.def.field.keys())})`,
    );
  return { expr: column(owner.alias, name), field, key: path ? `${path}.${name}` : name };
}

/** A request's text in a field path, cut short so that an answer never echoes a huge key. */
export const pathPart = (text: string): string =>
  text.length > 64 ? `${text.slice(0, 64)}…` : text;
