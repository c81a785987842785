import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  dataActions,
  dataEntities,
  dataStates,
  type DataEntity,
  type FieldType,
} from '../../contract/data-api';
import { dataTables } from '../db/data-schema';

// The one declaration of the data layer: each entity's relations, list behaviour and the text
// fields that may be long. Its table is the drizzle schema's (dataTables); field names, types and
// nullability are read from that table, states and actions from the contract; the allow-lists,
// the zod schemas, the query compiler and GET /api/v1/mysql/schema are all built from what is here.

interface EntityDeclaration {
  /** The entity in messages: "Product not found". */
  label: string;
  /** Relation name → its foreign-key field (every entity also has `tenant`). */
  relations: Record<string, string>;
  /** The text fields the list's `search` looks in. */
  search: string[];
  /** The field the list's `status` parameter filters. */
  statusField: string;
}

/** An entity's row: its label, the fields its list searches, its relations, its status field. */
const declare = (
  label: string,
  search: string[],
  relations: Record<string, string> = {},
  statusField = 'status',
): EntityDeclaration => ({ label, relations, search, statusField });

const declarations: Record<DataEntity, EntityDeclaration> = {
  tenants: declare('Tenant', ['name', 'tenant_key']),
  accounts: declare('Account', ['name', 'industry'], {}, 'account_type'),
  contacts: declare('Contact', ['first_name', 'last_name', 'email'], { account: 'account_id' }),
  leads: declare('Lead', ['source', 'assigned_to', 'description'], {
    contact: 'contact_id',
    account: 'account_id',
  }),
  product_lines: declare('Product line', ['name']),
  products: declare('Product', ['name', 'sku', 'category'], { product_line: 'product_line_id' }),
  orders: declare('Order', ['order_number'], { account: 'account_id', contact: 'contact_id' }),
  pets: declare('Pet', ['name', 'species', 'breed', 'microchip_number'], {
    owner: 'owner_contact_id',
  }),
  visits: declare('Visit', ['visit_type', 'chief_complaint', 'diagnosis'], {
    contact: 'contact_id',
    pet: 'pet_id',
  }),
};

/** Which entity a foreign-key field points at. */
const referenceTargets: Record<string, DataEntity> = {
  tenant_id: 'tenants',
  account_id: 'accounts',
  contact_id: 'contacts',
  owner_contact_id: 'contacts',
  product_line_id: 'product_lines',
  pet_id: 'pets',
};

/** Free text that may run long; other text fields hold at most 500 characters. */
const LONG_TEXT = new Set(['description', 'notes', 'medical_notes', 'treatment', 'diagnosis']);

export interface FieldDef {
  name: string;
  type: FieldType;
  nullable: boolean;
  /** The database fills it when a create leaves it out. */
  hasDefault: boolean;
  /** The allowed values of a state field. */
  values?: readonly string[];
  references?: DataEntity;
  maxLength?: number;
  /** Changed only by an action (never by the generic update). */
  state: boolean;
  /** Written by the server only: id, created_at, updated_at. */
  system: boolean;
}

export interface RelationDef {
  name: string;
  field: string;
  entity: DataEntity;
}

export interface EntityDef {
  name: DataEntity;
  label: string;
  table: string;
  /** The drizzle table (the data lane journals writes by it). */
  pgTable: PgTable;
  fields: FieldDef[];
  field: ReadonlyMap<string, FieldDef>;
  relations: ReadonlyMap<string, RelationDef>;
  states: Readonly<Record<string, readonly string[]>>;
  actions: readonly string[];
  search: string[];
  statusField: string;
}

const COLUMN_TYPES: Record<string, FieldType> = {
  PgUUID: 'uuid',
  PgText: 'text',
  PgNumeric: 'decimal',
  PgInteger: 'integer',
  PgBoolean: 'boolean',
  PgDateString: 'date',
  PgTimestamp: 'timestamp',
};

function fieldsOf(name: DataEntity, table: PgTable): FieldDef[] {
  const states: Record<string, readonly string[]> = dataStates[name];
  return Object.values(getTableColumns(table))
    .filter((c) => c.name !== 'organization_id')
    .map((c) => {
      const type = COLUMN_TYPES[c.columnType];
      if (!type) throw new Error(`${name}.${c.name}: no field type for ${c.columnType}`);
      const values = states[c.name];
      const references = c.name === 'id' ? undefined : referenceTargets[c.name];
      return {
        name: c.name,
        type: values ? 'enum' : type,
        nullable: !c.notNull,
        hasDefault: c.hasDefault,
        ...(values ? { values } : {}),
        ...(references ? { references } : {}),
        ...(type === 'text' && !values ? { maxLength: LONG_TEXT.has(c.name) ? 10_000 : 500 } : {}),
        state: values !== undefined,
        system: ['id', 'created_at', 'updated_at'].includes(c.name),
      };
    });
}

function define(name: DataEntity): EntityDef {
  const d = declarations[name];
  const table = dataTables[name];
  const fields = fieldsOf(name, table);
  const relationEntries = Object.entries(
    name === 'tenants' ? d.relations : { tenant: 'tenant_id', ...d.relations },
  ).map(([relation, field]): [string, RelationDef] => {
    const entity = referenceTargets[field];
    if (!entity) throw new Error(`${name}.${relation}: ${field} references nothing`);
    return [relation, { name: relation, field, entity }];
  });
  return {
    name,
    label: d.label,
    table: getTableName(table),
    pgTable: table,
    fields,
    field: new Map(fields.map((f) => [f.name, f])),
    relations: new Map(relationEntries),
    states: dataStates[name],
    actions: dataActions[name],
    search: d.search,
    statusField: d.statusField,
  };
}

export const registry: Readonly<Record<DataEntity, EntityDef>> = Object.fromEntries(
  dataEntities.map((name) => [name, define(name)]),
) as Record<DataEntity, EntityDef>;

export const entityDef = (name: DataEntity): EntityDef => registry[name];
