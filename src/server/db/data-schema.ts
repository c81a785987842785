import { sql, type BuildExtraConfigColumns, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgTable,
  type PgTableExtraConfigValue,
} from 'drizzle-orm/pg-core';
import { dataStates, type DataEntity } from '../../contract/data-api';
import { createdAt, updatedAt, uuidKey } from './columns';
import { companyRow } from './organization-schema';

// The generic multi-tenant data layer (spec section 3), served at /api/v1/mysql. A tenant belongs
// to an organization; every other row carries its tenant and, so that every statement can filter
// on it cheaply, its organization. Composite foreign keys keep a row's references inside its own
// tenant: (organization_id, tenant_id) → data_tenant, (tenant_id, x_id) → the referenced table.
// Constraints are named `{table}_{field}_{fk|unique|check}`: the API reads the field from the name.

const money = (name: string) => numeric(name, { precision: 20, scale: 2 });
const stamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
const tenantColumns = () => ({
  id: uuidKey(),
  organizationId: uuid('organization_id').notNull(),
  tenantId: uuid('tenant_id').notNull(),
});
/** The allowed values of a state column (constants of the contract, never user text). */
const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;

/**
 * What every data table has: the index its lists sort by (newest first in an organization), its
 * states among the contract's values, and its amounts and counts never negative.
 */
function dataConstraints(
  table: string,
  entity: DataEntity,
  t: Record<string, AnyPgColumn> & { organizationId: AnyPgColumn; createdAt: AnyPgColumn },
) {
  const columns = Object.values(t);
  const named = (field: string) => columns.find((c) => c.name === field)!;
  const states: Record<string, readonly string[]> = dataStates[entity];
  const amounts = columns.filter((c) => ['PgNumeric', 'PgInteger'].includes(c.columnType));
  return [
    index(`${table}_created_idx`).on(t.organizationId, t.createdAt),
    ...Object.entries(states).map(([field, values]) =>
      check(`${table}_${field}_check`, oneOf(named(field), values)),
    ),
    ...amounts.map((c) => check(`${table}_${c.name}_check`, sql`${c} >= 0`)),
  ];
}

export const dataTenant = pgTable(
  'data_tenant',
  {
    ...companyRow(),
    tenantKey: text('tenant_key').notNull(),
    name: text('name').notNull(),
    businessType: text('business_type'),
    status: text('status').notNull().default('active'),
    subscriptionTier: text('subscription_tier'),
    ...stamps(),
  },
  (t) => [
    unique('data_tenant_organization_id_unique').on(t.organizationId, t.id),
    uniqueIndex('data_tenant_tenant_key_unique').on(t.organizationId, t.tenantKey),
    ...dataConstraints('data_tenant', 'tenants', t),
  ],
);

/** Children name the tenant with the organization, so a row cannot sit in another's tenant. */
const tenantFk = (table: string, t: { organizationId: AnyPgColumn; tenantId: AnyPgColumn }) =>
  foreignKey({
    name: `${table}_tenant_id_fk`,
    columns: [t.organizationId, t.tenantId],
    foreignColumns: [dataTenant.organizationId, dataTenant.id],
  });

/**
 * A reference inside the row's tenant: `{table}_{field}_fk` on (tenant_id, field) → the target's
 * (tenant_id, id), and the index that serves it (and the target's delete check).
 */
const tenantRef = (
  table: string,
  field: string,
  columns: [tenantId: AnyPgColumn, column: AnyPgColumn],
  target: { tenantId: AnyPgColumn; id: AnyPgColumn },
  indexName = `${table}_${field.replace(/_id$/, '')}_idx`,
) => [
  foreignKey({
    name: `${table}_${field}_fk`,
    columns,
    foreignColumns: [target.tenantId, target.id],
  }),
  index(indexName).on(...columns),
];

type TenantTableColumns<Columns> = ReturnType<typeof tenantColumns> &
  Columns &
  ReturnType<typeof stamps>;

/**
 * A table of one tenant's rows: its id, organization and tenant first and its stamps last, its
 * tenant foreign key and what every data table has (dataConstraints), then `extra`.
 */
function tenantTable<Name extends string, Columns extends Record<string, PgColumnBuilderBase>>(
  table: Name,
  entity: DataEntity,
  columns: Columns,
  extra: (
    t: BuildExtraConfigColumns<Name, TenantTableColumns<Columns>, 'pg'>,
  ) => PgTableExtraConfigValue[] = () => [],
) {
  const all: TenantTableColumns<Columns> = { ...tenantColumns(), ...columns, ...stamps() };
  return pgTable(table, all, (t) => [
    tenantFk(table, t),
    ...extra(t),
    ...dataConstraints(table, entity, t),
  ]);
}

export const dataAccount = tenantTable(
  'data_account',
  'accounts',
  {
    name: text('name').notNull(),
    description: text('description'),
    accountType: text('account_type').notNull().default('prospect'),
    industry: text('industry'),
    annualRevenue: money('annual_revenue'),
    employeeCount: integer('employee_count'),
  },
  (t) => [unique('data_account_tenant_id_unique').on(t.tenantId, t.id)],
);

export const dataContact = tenantTable(
  'data_contact',
  'contacts',
  {
    accountId: uuid('account_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    title: text('title'),
    department: text('department'),
    notes: text('notes'),
    status: text('status').notNull().default('active'),
    preferredContactMethod: text('preferred_contact_method'),
    birthDate: date('birth_date', { mode: 'string' }),
  },
  (t) => [
    unique('data_contact_tenant_id_unique').on(t.tenantId, t.id),
    ...tenantRef('data_contact', 'account_id', [t.tenantId, t.accountId], dataAccount),
    // Contacts are listed and sorted by name (the bench's page: LIKE + IN + order by last_name).
    index('data_contact_last_name_idx').on(t.organizationId, t.lastName, t.id),
  ],
);

export const dataLead = tenantTable(
  'data_lead',
  'leads',
  {
    contactId: uuid('contact_id'),
    accountId: uuid('account_id'),
    status: text('status').notNull().default('new'),
    source: text('source'),
    value: money('value'),
    assignedTo: text('assigned_to'),
    expectedCloseDate: date('expected_close_date', { mode: 'string' }),
    description: text('description'),
    notes: text('notes'),
  },
  (t) => [
    ...tenantRef('data_lead', 'contact_id', [t.tenantId, t.contactId], dataContact),
    ...tenantRef('data_lead', 'account_id', [t.tenantId, t.accountId], dataAccount),
  ],
);

export const dataProductLine = tenantTable(
  'data_product_line',
  'product_lines',
  {
    name: text('name').notNull(),
    description: text('description'),
    status: text('status').notNull().default('active'),
  },
  (t) => [unique('data_product_line_tenant_id_unique').on(t.tenantId, t.id)],
);

export const dataProduct = tenantTable(
  'data_product',
  'products',
  {
    productLineId: uuid('product_line_id'),
    name: text('name').notNull(),
    description: text('description'),
    sku: text('sku'),
    type: text('type'),
    category: text('category'),
    status: text('status').notNull().default('active'),
    price: money('price').notNull().default('0'),
    cost: money('cost'),
    inventoryTracked: boolean('inventory_tracked').notNull().default(true),
    currentStock: integer('current_stock').notNull().default(0),
    minStockLevel: integer('min_stock_level').notNull().default(0),
  },
  (t) => [
    ...tenantRef('data_product', 'product_line_id', [t.tenantId, t.productLineId], dataProductLine),
    uniqueIndex('data_product_sku_unique').on(t.tenantId, t.sku),
  ],
);

export const dataOrder = tenantTable(
  'data_order',
  'orders',
  {
    accountId: uuid('account_id'),
    contactId: uuid('contact_id'),
    orderNumber: text('order_number').notNull(),
    status: text('status').notNull().default('pending'),
    paymentStatus: text('payment_status').notNull().default('pending'),
    totalAmount: money('total_amount').notNull().default('0'),
    orderDate: date('order_date', { mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    shipDate: date('ship_date', { mode: 'string' }),
    deliveryDate: date('delivery_date', { mode: 'string' }),
  },
  (t) => [
    ...tenantRef('data_order', 'account_id', [t.tenantId, t.accountId], dataAccount),
    ...tenantRef('data_order', 'contact_id', [t.tenantId, t.contactId], dataContact),
    uniqueIndex('data_order_order_number_unique').on(t.tenantId, t.orderNumber),
    // Revenue by month on the dashboard.
    index('data_order_date_idx').on(t.organizationId, t.orderDate),
  ],
);

export const dataPet = tenantTable(
  'data_pet',
  'pets',
  {
    ownerContactId: uuid('owner_contact_id'),
    name: text('name').notNull(),
    species: text('species'),
    breed: text('breed'),
    status: text('status').notNull().default('active'),
    microchipNumber: text('microchip_number'),
    birthDate: date('birth_date', { mode: 'string' }),
    weight: money('weight'),
    medicalNotes: text('medical_notes'),
  },
  (t) => [
    unique('data_pet_tenant_id_unique').on(t.tenantId, t.id),
    ...tenantRef(
      'data_pet',
      'owner_contact_id',
      [t.tenantId, t.ownerContactId],
      dataContact,
      'data_pet_owner_idx',
    ),
  ],
);

export const dataVisit = tenantTable(
  'data_visit',
  'visits',
  {
    contactId: uuid('contact_id'),
    petId: uuid('pet_id'),
    visitType: text('visit_type'),
    visitDate: date('visit_date', { mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    status: text('status').notNull().default('scheduled'),
    chiefComplaint: text('chief_complaint'),
    diagnosis: text('diagnosis'),
    treatment: text('treatment'),
    notes: text('notes'),
    totalCost: money('total_cost'),
  },
  (t) => [
    ...tenantRef('data_visit', 'contact_id', [t.tenantId, t.contactId], dataContact),
    ...tenantRef('data_visit', 'pet_id', [t.tenantId, t.petId], dataPet),
  ],
);

/** The table of each entity of the data API (the entity registry declares the rest). */
export const dataTables: Record<DataEntity, PgTable> = {
  tenants: dataTenant,
  accounts: dataAccount,
  contacts: dataContact,
  leads: dataLead,
  product_lines: dataProductLine,
  products: dataProduct,
  orders: dataOrder,
  pets: dataPet,
  visits: dataVisit,
};
