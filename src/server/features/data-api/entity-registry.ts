import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  dataActions,
  dataEntities,
  dataStates,
  type DataEntity,
  type FieldType,
} from '../../../contract/data-api';
import {
  dataAccount,
  dataContact,
  dataLead,
  dataOrder,
  dataPet,
  dataProduct,
  dataProductLine,
  dataTenant,
  dataVisit,
} from '../../db/data-schema';

// The one declaration of the data layer: each entity's table, relations, list behaviour and the
// text fields that may be long. Field names, types and nullability are read from the drizzle
// tables, states and actions from the contract; the allow-lists, the zod schemas, the query
// compiler and GET /api/v1/mysql/schema are all built from what is here.

interface EntityDeclaration {
  table: PgTable;
  /** The entity in messages: "Product not found". */
  label: string;
  /** Relation name → its foreign-key field (every entity also has `tenant`). */
  relations: Record<string, string>;
  /** The text fields the list's `search` looks in. */
  search: string[];
  /** The field the list's `status` parameter filters. */
  statusField: string;
}

const declarations: Record<DataEntity, EntityDeclaration> = {
  tenants: {
    table: dataTenant,
    label: 'Tenant',
    relations: {},
    search: ['name', 'tenant_key'],
    statusField: 'status',
  },
  accounts: {
    table: dataAccount,
    label: 'Account',
    relations: {},
    search: ['name', 'industry'],
    statusField: 'account_type',
  },
  contacts: {
    table: dataContact,
    label: 'Contact',
    relations: { account: 'account_id' },
    search: ['first_name', 'last_name', 'email'],
    statusField: 'status',
  },
  leads: {
    table: dataLead,
    label: 'Lead',
    relations: { contact: 'contact_id', account: 'account_id' },
    search: ['source', 'assigned_to', 'description'],
    statusField: 'status',
  },
  product_lines: {
    table: dataProductLine,
    label: 'Product line',
    relations: {},
    search: ['name'],
    statusField: 'status',
  },
  products: {
    table: dataProduct,
    label: 'Product',
    relations: { product_line: 'product_line_id' },
    search: ['name', 'sku', 'category'],
    statusField: 'status',
  },
  orders: {
    table: dataOrder,
    label: 'Order',
    relations: { account: 'account_id', contact: 'contact_id' },
    search: ['order_number'],
    statusField: 'status',
  },
  pets: {
    table: dataPet,
    label: 'Pet',
    relations: { owner: 'owner_contact_id' },
    search: ['name', 'species', 'breed', 'microchip_number'],
    statusField: 'status',
  },
  visits: {
    table: dataVisit,
    label: 'Visit',
    relations: { contact: 'contact_id', pet: 'pet_id' },
    search: ['visit_type', 'chief_complaint', 'diagnosis'],
    statusField: 'status',
  },
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
  const fields = fieldsOf(name, d.table);
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
    table: getTableName(d.table),
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
