import type { ApiKeyRow } from '../../../contract/api-keys';
import type { ApiKeyScope } from '../../../contract/constants/api-keys';

export interface ApiKeySql {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}

/** The columns every answer about a key reads (never the hash). */
export const API_KEY_COLUMNS = `id, name, scopes, prefix, created_at::text as created_at,
  last_used_at::text as last_used_at`;

export const toApiKeyRow = (r: ApiKeySql): ApiKeyRow => ({
  id: r.id,
  name: r.name,
  scopes: r.scopes,
  prefix: r.prefix,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
});
