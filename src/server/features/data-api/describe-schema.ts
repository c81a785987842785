import { aggregateFunctions, dataLimits, type SchemaResponse } from '../../../contract/data-api';
import { registry } from '../../data-layer/entity-registry';
import { operatorsByType } from '../../data-layer/query-values';

/** GET /api/v1/mysql/schema: what the registry allows, as the query language's reference. */
export function describeSchema(): SchemaResponse {
  return {
    entities: Object.values(registry).map((def) => ({
      name: def.name,
      fields: def.fields.map((f) => ({
        name: f.name,
        type: f.type,
        nullable: f.nullable,
        ...(f.values ? { values: [...f.values] } : {}),
        ...(f.references ? { references: f.references } : {}),
      })),
      relations: [...def.relations.values()].map((r) => ({
        name: r.name,
        entity: r.entity,
        field: r.field,
      })),
      states: Object.fromEntries(Object.entries(def.states).map(([k, v]) => [k, [...v]])),
      actions: [...def.actions],
    })),
    operators: operatorsByType,
    aggregates: [...aggregateFunctions],
    limits: { ...dataLimits },
  };
}
