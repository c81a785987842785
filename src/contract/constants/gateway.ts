// The CRM data gateway's constants, without zod (src/contract/gateway.ts holds the schemas).

/**
 * The spec's providers (section 7) and `registry`, the registry's own objects in Salesforce's
 * shape. Only `registry` and a configured `salesforce` answer; the others are recognised and
 * answer 501 GATEWAY.PROVIDER_NOT_CONFIGURED.
 */
export const gatewayProviders = [
  'registry',
  'salesforce',
  'hubspot',
  'monday',
  'airtable',
  'zoho',
  'clickup',
  'pipedrive',
  'dropbox',
] as const;
export type GatewayProvider = (typeof gatewayProviders)[number];

export const gatewayOperations = ['query', 'insert', 'update', 'delete', 'search'] as const;
export type GatewayOperation = (typeof gatewayOperations)[number];

/** Where one provider's operation answers: `/api/v1/registry/query`. */
export const gatewayPath = (provider: GatewayProvider, operation: GatewayOperation) =>
  `/api/v1/${provider}/${operation}`;

/** The routes: one per operation, the provider a path parameter (`/api/v1/{provider}/query`). */
export const gatewayPaths = {
  query: '/api/v1/:provider/query',
  insert: '/api/v1/:provider/insert',
  update: '/api/v1/:provider/update',
  delete: '/api/v1/:provider/delete',
  search: '/api/v1/:provider/search',
  /** An answer's nextRecordsUrl: GET or POST it for the next page. */
  queryMore: '/api/v1/:provider/query/:cursor',
  searchMore: '/api/v1/:provider/search/:cursor',
  customRest: '/api/v1/salesforce/custom-rest',
  importSalesforce: '/api/v1/import/salesforce',
} as const satisfies Record<GatewayOperation, string> & Record<string, string>;

/** The registry's objects (provider `registry`), named as the spec's backend names them. */
export const registryObjects = ['Shareholder__c', 'Share__c', 'Share_Transaction__c'] as const;
export type RegistryObject = (typeof registryObjects)[number];

/**
 * A registry field's type as the gateway answers it: amounts and numbers as JSON numbers, dates
 * as YYYY-MM-DD, `?` when it may be null; `children` is Salesforce's child list.
 */
export type RegistryFieldType =
  | 'uuid'
  | 'uuid?'
  | 'text'
  | 'text?'
  | 'decimal'
  | 'integer'
  | 'integer?'
  | 'boolean'
  | 'date'
  | 'children';

/** The registry's objects field by field (spec section 3's backend names), in answer order. */
export const registryFields = {
  Shareholder__c: {
    Id: 'uuid',
    Name: 'text',
    Full_Name__c: 'text',
    Balance__c: 'decimal',
    Common_Shares__c: 'decimal',
    Preferred_Shares__c: 'decimal',
    Is_Admin__c: 'boolean',
    State__c: 'text',
    City__c: 'text',
    Address__c: 'text',
    Zip_Code__c: 'text',
    Phone_Number__c: 'text',
    Cellphone_Number__c: 'text',
    Notes__c: 'text',
    Cost_Per_Share__c: 'decimal',
    Email__c: 'text?',
    Active__c: 'boolean',
  },
  Share__c: {
    Id: 'uuid',
    Name: 'text',
    Shareholder__c: 'uuid',
    Shareholder_Name__c: 'text',
    Balance__c: 'decimal',
    Certificate_Number__c: 'integer',
    Effective_Date__c: 'date',
    Preferred__c: 'boolean',
    Destination_Shares__r: 'children',
  },
  Share_Transaction__c: {
    Id: 'uuid',
    Share__c: 'uuid',
    Shareholder__c: 'uuid',
    Preferred__c: 'boolean',
    Shareholder_Name__c: 'text',
    Certificate_Number__c: 'integer',
    Origin__c: 'uuid?',
    Origin_Certificate_Number__c: 'integer?',
    Origin_Shareholder_Name__c: 'text?',
    Shares__c: 'decimal',
    Type__c: 'text',
    Date__c: 'date',
    Notes__c: 'text',
    Cost__c: 'decimal',
    Transaction_Order__c: 'integer',
    Running_Balance__c: 'decimal',
  },
} as const satisfies Record<RegistryObject, Record<string, RegistryFieldType>>;

export const gatewayLimits = {
  /** Records one page holds at most, and by default (Salesforce's own batch is 2,000). */
  maxPageSize: 2000,
  defaultPageSize: 2000,
  /** How long a nextRecordsUrl can be followed (Salesforce's query locators: 15 minutes). */
  cursorMinutes: 15,
  /** Characters a cursor may have (it travels in a URL). */
  maxCursorLength: 8000,
  /** Records a Salesforce query follows nextRecordsUrl for, at most. */
  maxFollowedRecords: 50_000,
  /** The spec's client timeout (section 9). */
  timeoutMs: 30_000,
} as const;

export const gatewayMessages = {
  appendOnly:
    'The ledger is append-only: its entries cannot be deleted. Record a correcting transaction ' +
    '(a cancellation, or a transfer back) instead.',
  notConfigured: 'This provider is not configured for this registry.',
  salesforceNotConnected:
    'No Salesforce org is connected: the server needs SALESFORCE_CLIENT_ID and ' +
    'SALESFORCE_CLIENT_SECRET (a connected app with the client-credentials flow).',
} as const;
