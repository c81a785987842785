import { z } from 'zod';
import { safeText } from './common';
import { apiKeyScopes } from './constants/api-keys';

export * from './constants/api-keys';

export const createApiKeyBody = z.strictObject({
  name: safeText().trim().min(1, 'Give the key a name.').max(100),
  scopes: z.array(z.enum(apiKeyScopes)).min(1, 'Choose at least one scope.').max(5),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;

/** The form of the API-keys screen (scopes as checkboxes). */
export const createApiKeyForm = createApiKeyBody;

export const apiKeyRow = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.enum(apiKeyScopes)),
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeyRow = z.infer<typeof apiKeyRow>;

/** The company's id: what `x-organization-id` (and a gateway body's `organizationId`) must be. */
const organizationId = z.uuid().describe("The company's id, for the x-organization-id header.");

/** The created key: the secret itself appears in this answer only. */
export const createdApiKey = apiKeyRow.extend({ key: z.string(), organizationId });
export type CreatedApiKey = z.infer<typeof createdApiKey>;

export const apiKeysResponse = z.object({ organizationId, rows: z.array(apiKeyRow) });
export type ApiKeysResponse = z.infer<typeof apiKeysResponse>;

export const revokedApiKey = z.object({ revoked: z.literal(true) });
