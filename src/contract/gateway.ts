import { z } from 'zod';
import { safeText } from './common';
import {
  gatewayLimits,
  gatewayProviders,
  registryFields,
  type RegistryFieldType,
  type RegistryObject,
} from './constants/gateway';
import { recordTransactionBody } from './ledger';

// The CRM data gateway (spec section 7): POST /api/v1/{provider}/query|insert|update|delete|search
// and POST /api/v1/salesforce/custom-rest. Bodies carry `organizationId` "plus extra fields"; the
// organization must be the caller's own (as the x-organization-id header).
export * from './constants/gateway';

const name = safeText().min(1).max(100);

export const gatewayParams = z.object({
  provider: z
    .enum(gatewayProviders)
    .describe(
      'The CRM backend: `registry` (this registry’s own ledger), `salesforce` (the connected org, ' +
        'when configured); the others answer 501 until a connector is configured',
    ),
});
const organizationId = safeText().max(100).optional().describe("The caller's organization id");

/** `Name, Email__c` or ["Name", "Email__c"]; all of the object's fields when absent. */
const fields = z
  .union([safeText().max(4000), z.array(name).max(100)])
  .optional()
  .describe('Comma-separated field names (or a list); the object’s fields by default');

/** The data API's filter map: field → value, field → {operator, value}, "$or" → [maps]. */
const filterMap = z.record(z.string().max(100), z.unknown());

const limit = (what: string) =>
  z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(`Records ${what} answers in all, over every page (as SOQL’s LIMIT); all by default`);

const pageSize = z
  .number()
  .int()
  .min(1)
  .max(gatewayLimits.maxPageSize)
  .optional()
  .describe(
    `Records per page, ${gatewayLimits.defaultPageSize} by default; follow nextRecordsUrl for ` +
      'the next. Salesforce answers pages of 200 to 2,000 records (its batch size)',
  );

export const gatewayQueryBody = z.looseObject({
  organizationId,
  objectName: name,
  fields,
  filter: z
    .union([safeText().max(4000), filterMap])
    .optional()
    .describe('"Active=true" (conditions joined by AND) or a filter map as in /api/v1/mysql/query'),
  filters: filterMap.optional().describe('A filter map as in /api/v1/mysql/query'),
  orderBy: z
    .union([name, z.array(name).max(5)])
    .optional()
    .describe('"Field", "Field DESC", or a list of them'),
  limit: limit('the query'),
  offset: z.number().int().min(0).max(2000).optional().describe('Records skipped (SOQL’s OFFSET)'),
  pageSize,
});
export type GatewayQueryBody = z.infer<typeof gatewayQueryBody>;

/** The page after another: the path of its nextRecordsUrl. */
export const gatewayMoreParams = gatewayParams.extend({
  cursor: safeText()
    .min(1)
    .max(gatewayLimits.maxCursorLength)
    .describe('The end of a nextRecordsUrl, as the previous page gave it'),
});
export const gatewayMoreBody = z.looseObject({ organizationId }).optional();

const record = z.record(z.string().max(100), z.unknown());

export const gatewayInsertBody = z.looseObject({
  organizationId,
  objectName: name,
  data: z
    .union([
      recordTransactionBody.describe(
        'registry, Share_Transaction__c: the Transfer action’s fields (a New Issue, Transfer, ' +
          'Convert to Preferred or Cancel)',
      ),
      record.describe('Any other provider and object: the new record’s fields, by name'),
    ])
    .describe('The new record’s fields, by name'),
});

export const gatewayUpdateBody = z.looseObject({
  organizationId,
  objectName: name,
  id: name,
  data: record.describe('The fields to change, by name'),
});
export const gatewayDeleteBody = z.looseObject({ organizationId, objectName: name, id: name });
export const gatewaySearchBody = z.looseObject({
  organizationId,
  searchTerm: safeText().trim().min(1).max(200),
  objectName: name.optional(),
  fields,
  limit: limit('the search'),
  pageSize,
});
export type GatewayInsertBody = z.infer<typeof gatewayInsertBody>;
export type GatewayUpdateBody = z.infer<typeof gatewayUpdateBody>;
export type GatewayDeleteBody = z.infer<typeof gatewayDeleteBody>;
export type GatewaySearchBody = z.infer<typeof gatewaySearchBody>;

export const customRestBody = z.looseObject({
  serviceName: name.optional(),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  endpoint: safeText()
    .min(1)
    .max(500)
    .regex(/^[A-Za-z0-9_\-/.]+$/, 'Use the Apex REST path only: letters, digits, _ - . /')
    .refine((v) => !v.split('/').includes('..'), 'Use the Apex REST path only: no ".."'),
  organizationId,
  data: z.unknown().optional(),
});
export type CustomRestBody = z.infer<typeof customRestBody>;

// ---- Answers (Salesforce's shapes) ----

export const gatewayRecord = z
  .looseObject({ attributes: z.looseObject({ type: z.string() }).optional() })
  .describe('A record of another provider: its fields as the backend sends them');

/** Destination_Shares__r: the transactions that took shares from a certificate (null: none). */
const destinationShares = z
  .object({
    totalSize: z.number().int(),
    done: z.boolean(),
    records: z.array(
      z.looseObject({
        attributes: z.object({ type: z.literal('Share_Transaction__c') }),
        Id: z.string(),
        Shares__c: z.number(),
        Origin__c: z.string(),
        Shareholder_Name__c: z.string(),
        Date__c: z.string(),
      }),
    ),
  })
  .nullable();

const fieldSchemas: Record<RegistryFieldType, () => z.ZodType> = {
  uuid: () => z.string(),
  'uuid?': () => z.string().nullable(),
  text: () => z.string(),
  'text?': () => z.string().nullable(),
  decimal: () => z.number(),
  integer: () => z.number().int(),
  'integer?': () => z.number().int().nullable(),
  boolean: () => z.boolean(),
  date: () => z.string().describe('YYYY-MM-DD'),
  children: () => destinationShares,
};

/**
 * A registry record: the fields a query asked for, each typed (a Salesforce org's own object of
 * the same name answers through the same schema, its other fields kept).
 */
const registryRecord = (object: RegistryObject) =>
  z
    .looseObject({
      attributes: z.looseObject({ type: z.literal(object) }),
      ...Object.fromEntries(
        Object.entries(registryFields[object]).map(([field, type]) => [
          field,
          fieldSchemas[type]().optional(),
        ]),
      ),
    })
    .describe(`registry: a ${object} with the fields asked for`);

const answeredRecord = z.union([
  registryRecord('Shareholder__c'),
  registryRecord('Share__c'),
  registryRecord('Share_Transaction__c'),
  gatewayRecord,
]);
const nextRecordsUrl = z
  .string()
  .optional()
  .describe(
    'Present while records remain (done is false): GET or POST it for the next page. It is the ' +
      `caller’s own and lasts ${gatewayLimits.cursorMinutes} minutes`,
  );

export const gatewayQueryResponse = z.object({
  totalSize: z.number().int().describe('Every record the query answers, over all its pages'),
  done: z.boolean(),
  nextRecordsUrl,
  records: z.array(answeredRecord),
});
export const gatewayWriteResponse = z.looseObject({
  id: z.string(),
  success: z.boolean(),
  errors: z.array(z.unknown()),
});
export const gatewaySearchResponse = z.object({
  searchRecords: z.array(answeredRecord),
  totalSize: z
    .number()
    .int()
    .optional()
    .describe('Every match, over all pages, where the provider counts them (registry)'),
  done: z.boolean(),
  nextRecordsUrl,
});
export type GatewayQueryResponse = z.infer<typeof gatewayQueryResponse>;
export type GatewayRecord = z.infer<typeof gatewayRecord>;
export type GatewayWriteResponse = z.infer<typeof gatewayWriteResponse>;
export type GatewaySearchResponse = z.infer<typeof gatewaySearchResponse>;
export const customRestResponse = z.unknown().describe('The Apex REST endpoint’s own JSON answer');
