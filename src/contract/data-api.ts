import { z } from 'zod';
import { isoDate, safeText } from './common';

// The generic multi-tenant data layer behind /api/v1/mysql (spec sections 3, 4 and 7). Field
// names travel as the spec writes them (snake_case); the server's entity registry decides which
// fields, relations and actions each entity has, and GET /api/v1/mysql/schema describes them.

export const dataEntities = [
  'tenants',
  'accounts',
  'contacts',
  'leads',
  'product_lines',
  'products',
  'orders',
  'pets',
  'visits',
] as const;
export type DataEntity = (typeof dataEntities)[number];

/** The entities with their own list/get/put/delete routes; the others use the generic routes. */
export const restEntities = [
  'tenants',
  'accounts',
  'contacts',
  'leads',
  'products',
  'orders',
] as const satisfies readonly DataEntity[];
export type RestEntity = (typeof restEntities)[number];

/** Each entity's state fields and their values (spec section 4). */
export const dataStates = {
  tenants: { status: ['active', 'trial', 'suspended'] },
  accounts: { account_type: ['customer', 'prospect'] },
  contacts: { status: ['active', 'do_not_contact'] },
  leads: {
    status: [
      'new',
      'contacted',
      'qualified',
      'proposal',
      'negotiation',
      'closed_won',
      'closed_lost',
    ],
  },
  product_lines: { status: ['active', 'inactive'] },
  products: { status: ['active', 'discontinued'] },
  orders: {
    status: ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'],
    payment_status: ['pending', 'paid'],
  },
  pets: { status: ['active', 'deceased', 'transferred'] },
  visits: { status: ['scheduled', 'completed', 'cancelled', 'no_show'] },
} as const satisfies Record<DataEntity, Record<string, readonly string[]>>;

/** POST /api/v1/mysql/{entity}/{id}/{action}: the actions of each entity. */
export const dataActions = {
  tenants: ['suspend', 'activate'],
  accounts: ['convert'],
  contacts: ['status'],
  leads: ['advance', 'won', 'lost'],
  product_lines: ['status'],
  products: ['adjust-stock', 'status'],
  orders: ['confirm', 'ship', 'deliver', 'cancel', 'pay'],
  pets: ['medical-notes', 'status'],
  visits: ['complete', 'cancel', 'no-show'],
} as const satisfies Record<DataEntity, readonly string[]>;
export type DataAction = (typeof dataActions)[DataEntity][number];
export const allDataActions = [...new Set(Object.values(dataActions).flat())] as [
  DataAction,
  ...DataAction[],
];

export const filterOperators = [
  '=',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'LIKE',
  'BETWEEN',
  'IN',
  'IS NOT NULL',
] as const;
export type FilterOperator = (typeof filterOperators)[number];
export const aggregateFunctions = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type AggregateFunction = (typeof aggregateFunctions)[number];
export const bulkOperations = ['create', 'update', 'delete'] as const;
export type BulkOperation = (typeof bulkOperations)[number];

/** Server-side limits of the query language and the bulk routes. */
export const dataLimits = {
  filters: 20,
  inValues: 100,
  orDepth: 3,
  joins: 3,
  maxLimit: 500,
  defaultLimit: 100,
  bulkRows: 10_000,
  defaultBatchSize: 1000,
  /** Days of the date-range window on created_at (spec section 9). */
  recentDays: 30,
} as const;

const base = '/api/v1/mysql';
export const dataPaths = {
  query: `${base}/query`,
  create: `${base}/create/:entity`,
  update: `${base}/update/:entity/:id`,
  remove: `${base}/delete/:entity/:id`,
  bulk: `${base}/bulk/:operation/:entity`,
  action: `${base}/:entity/:id/:action`,
  dashboard: `${base}/analytics/dashboard`,
  schema: `${base}/schema`,
} as const;

/** An entity's own routes (spec section 7): GET/POST the collection, GET/PUT/DELETE a record. */
export const restPaths = (entity: RestEntity) => ({
  collection: `${base}/${entity}`,
  item: `${base}/${entity}/:id`,
});

// ---- Requests ----

const name = safeText().max(200);

export const entityParams = z.object({ entity: z.enum(dataEntities) });
export const entityIdParams = z.object({ entity: z.enum(dataEntities), id: z.uuid() });
export const recordIdParams = z.object({ id: z.uuid() });
export const bulkParams = z.object({
  operation: z.enum(bulkOperations),
  entity: z.enum(dataEntities),
});
export const actionParams = z.object({
  entity: z.enum(dataEntities),
  id: z.uuid(),
  action: z.enum(allDataActions),
});

/** A record's fields as sent (checked against the entity by the server; see GET .../schema). */
export const dataRecordBody = z
  .record(z.string(), z.unknown())
  .describe('The entity fields to write, by name (GET /api/v1/mysql/schema lists them)');

const aggregate = z
  .object({ fn: z.enum(aggregateFunctions), field: name.optional() })
  .strict()
  .describe('An aggregate; without field, count counts rows');
const join = z
  .object({ relation: name, type: z.enum(['left', 'inner']).optional() })
  .strict()
  .describe('A relation path (a declared foreign key); left join unless inner');
const order = z.object({ field: name, dir: z.enum(['asc', 'desc']).optional() }).strict();

export const dataQueryBody = z
  .object({
    entity: z.enum(dataEntities),
    fields: z
      .array(z.union([name, aggregate]))
      .min(1)
      .max(50)
      .optional()
      .describe(
        'Field names (relation.field for joined ones), or aggregates written count(*), ' +
          'sum(field), avg(field), min(field), max(field); all fields by default',
      ),
    filters: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        'field → value (equality; null means IS NULL), field → {operator, value}, and ' +
          '"$or" → [filter maps]. Operators: = != < <= > >= LIKE BETWEEN IN, IS NOT NULL',
      ),
    joins: z
      .array(z.union([name, join]))
      .max(dataLimits.joins)
      .optional(),
    groupBy: z.array(name).max(10).optional(),
    having: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('aggregate (count(*), sum(field), ...) → value or {operator, value}'),
    orderBy: z
      .union([name, z.array(z.union([name, order])).max(5)])
      .optional()
      .describe('"field", "field desc", or a list of them or of {field, dir}'),
    limit: z.number().int().min(1).max(dataLimits.maxLimit).optional(),
    offset: z.number().int().min(0).max(1_000_000).optional(),
  })
  .strict();
export type DataQueryBody = z.infer<typeof dataQueryBody>;

export const bulkBody = z
  .object({
    data: z
      .array(z.unknown())
      .min(1)
      .max(dataLimits.bulkRows)
      .describe('create: records; update: records with id; delete: ids or {id}'),
    batchSize: z.number().int().min(1).max(dataLimits.bulkRows).optional(),
  })
  .strict();
export type BulkBody = z.infer<typeof bulkBody>;

/** A missing field says so in words ("status: is required"), not with zod's type message. */
const required = {
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : undefined),
};

/** The fields an action's body may carry, each as that action requires it. */
const actionFields = {
  date: isoDate.optional().describe('ship, deliver: the date set (today by default)'),
  delta: z
    .number(required)
    .int()
    .min(-1_000_000_000)
    .max(1_000_000_000)
    .describe('adjust-stock: units added (negative removes; stock never goes below 0)'),
  note: safeText(required).trim().min(1).max(10_000).describe('medical-notes: the note'),
  status: safeText(required).max(50).describe('status: the new status'),
};

/** The body of POST …/{entity}/{id}/{action}, by action: only its own fields, the required ones. */
export const actionBodies: Partial<Record<DataAction, z.ZodType>> = {
  ship: z.object({ date: actionFields.date }).strict(),
  deliver: z.object({ date: actionFields.date }).strict(),
  'adjust-stock': z.object({ delta: actionFields.delta }).strict(),
  'medical-notes': z.object({ note: actionFields.note }).strict(),
  status: z.object({ status: actionFields.status }).strict(),
};
/** An action not listed above takes no field. */
export const emptyActionBody = z.object({}).strict();

/** What the route accepts before it knows the action: any action's fields, each optional. */
export const actionBody = z
  .object({
    date: actionFields.date,
    delta: actionFields.delta.optional(),
    note: actionFields.note.optional(),
    status: actionFields.status.optional(),
  })
  .strict()
  .optional();
export type ActionBody = z.infer<typeof actionBody>;

const booleanText = z.enum(['true', 'false']).transform((v) => v === 'true');

export const dataListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(dataLimits.maxLimit).default(50),
  sort: safeText().max(100).optional(),
  dir: z.enum(['asc', 'desc']).optional(),
  search: safeText().trim().max(200).optional(),
  status: safeText().max(50).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  recent: booleanText.optional(),
  tenant_id: z.uuid().optional(),
});
export type DataListQuery = z.output<typeof dataListQuery>;

// ---- Answers ----

/** A whole number: a count, a page, a size. */
const integer = z.number().int();

export const dataCell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const dataRow = z.record(z.string(), dataCell);
export type DataRow = z.infer<typeof dataRow>;
export const dataRows = z.array(dataRow);

export const dataListResponse = z.object({
  data: dataRows,
  page: integer,
  pageSize: integer,
  total: integer,
});
export type DataListResponse = z.infer<typeof dataListResponse>;

export const deleteResponse = z.object({ id: z.uuid(), deleted: z.literal(true) });

export const bulkResponse = z.object({
  operation: z.enum(bulkOperations),
  entity: z.enum(dataEntities),
  total: integer,
  batches: z.array(z.object({ batch: integer, count: integer })),
  ids: z.array(z.uuid()),
});
export type BulkResponse = z.infer<typeof bulkResponse>;

const countsByValue = z.record(z.string(), integer);
export const dashboardResponse = z.object({
  counts: z.record(z.string(), z.object({ total: integer, byStatus: countsByValue })),
  leadPipeline: z.array(z.object({ status: z.string(), count: integer, value: z.string() })),
  ordersByMonth: z.array(z.object({ month: z.string(), orders: integer, revenue: z.string() })),
  lowStock: z.array(
    z.object({
      id: z.uuid(),
      tenant_id: z.uuid(),
      name: z.string(),
      sku: z.string().nullable(),
      current_stock: integer,
      min_stock_level: integer,
    }),
  ),
  visitsByStatus: countsByValue,
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;

const fieldType = z.enum([
  'uuid',
  'text',
  'enum',
  'integer',
  'decimal',
  'boolean',
  'date',
  'timestamp',
]);
export type FieldType = z.infer<typeof fieldType>;

export const schemaResponse = z.object({
  entities: z.array(
    z.object({
      name: z.enum(dataEntities),
      fields: z.array(
        z.object({
          name: z.string(),
          type: fieldType,
          nullable: z.boolean(),
          values: z.array(z.string()).optional(),
          references: z.enum(dataEntities).optional(),
        }),
      ),
      relations: z.array(
        z.object({ name: z.string(), entity: z.enum(dataEntities), field: z.string() }),
      ),
      states: z.record(z.string(), z.array(z.string())),
      actions: z.array(z.string()),
    }),
  ),
  operators: z.record(fieldType, z.array(z.enum(filterOperators))),
  aggregates: z.array(z.enum(aggregateFunctions)),
  limits: z.record(z.string(), integer),
});
export type SchemaResponse = z.infer<typeof schemaResponse>;
