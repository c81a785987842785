// API keys' constants, without zod (src/contract/api-keys.ts holds the schemas).

export const apiKeyPaths = {
  keys: '/api/v1/api-keys',
  key: '/api/v1/api-keys/:id',
} as const;

/** What a key may reach (spec section 6): the data layer, the ledger, the CRM gateway. */
export const apiKeyScopes = [
  'data:read',
  'data:write',
  'ledger:read',
  'ledger:write',
  'gateway',
] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const apiKeyScopeLabels: Record<ApiKeyScope, string> = {
  'data:read': 'Read the data layer',
  'data:write': 'Change the data layer',
  'ledger:read': 'Read the ledger (directory, audit)',
  'ledger:write': 'Record share transactions',
  // The registry provider's objects are the ledger: reading them needs ledger:read, writing
  // ledger:write (access-policy.ts).
  gateway: 'Use the CRM gateway (for the registry’s own records, with the ledger scope too)',
};

/** The headers a machine client sends (spec section 6). */
export const apiKeyHeader = 'x-api-key';
export const organizationHeader = 'x-organization-id';

export const apiKeysQueryKey = ['api-keys'] as const;
