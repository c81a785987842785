import { registryObjects } from '../../../../contract/gateway';
import type { Filter, GatewayQuery } from '../gateway-query';
import {
  registryObjectDefs,
  resolveRegistryField,
  type RegistryObjectDef,
} from './registry-objects';

// The spec writes its fields without the backend's suffix (`Active` for `Active__c`). A query of
// one of the registry's three objects names its fields the same way whichever provider answers:
// the registry resolves them itself, and the Salesforce connector sends Salesforce these
// spellings, so one query works on both. Names that are no field of the object stay as written.

/** The registry object a name means (case-insensitive), if it is one. */
export function registryObjectNamed(objectName: string): RegistryObjectDef | undefined {
  const name = registryObjects.find((o) => o.toLowerCase() === objectName.toLowerCase());
  return name && registryObjectDefs[name];
}

const spell = (def: RegistryObjectDef, written: string) =>
  resolveRegistryField(def, written) ?? written;

function spellFilter(def: RegistryObjectDef, filter: Filter): Filter {
  if (filter.kind === 'condition') return { ...filter, field: spell(def, filter.field) };
  return { ...filter, branches: filter.branches.map((b) => b.map((f) => spellFilter(def, f))) };
}

/** The query with its fields, filters and order spelt as the registry spells them. */
export function spellRegistryQuery(query: GatewayQuery): GatewayQuery {
  const def = registryObjectNamed(query.objectName);
  if (!def) return query;
  return {
    ...query,
    fields: query.fields && [...new Set(query.fields.map((f) => spell(def, f)))],
    where: query.where.map((f) => spellFilter(def, f)),
    orderBy: query.orderBy.map((o) => ({ ...o, field: spell(def, o.field) })),
  };
}

/** A search's fields, spelt the same way when it searches one of the registry's objects. */
export function spellRegistryFields(objectName: string | undefined, fields: string[]) {
  const def = objectName === undefined ? undefined : registryObjectNamed(objectName);
  return def ? fields.map((f) => spell(def, f)) : fields;
}
