import { sql } from 'drizzle-orm';
import type { ApiKeysResponse } from '../../../contract/api-keys';
import type { Db } from '../../db/database';
import { rows } from '../../db/sql';
import type { Principal } from '../../plugins/access-control';
import { API_KEY_COLUMNS, toApiKeyRow, type ApiKeySql } from './api-key-rows';

/**
 * GET /api/v1/api-keys (administrator): the organization's unrevoked keys, newest first, and the
 * organization's id (what `x-organization-id` must be).
 */
export async function listApiKeys(db: Db, principal: Principal): Promise<ApiKeysResponse> {
  const found = await rows<ApiKeySql>(
    db,
    sql`select ${sql.raw(API_KEY_COLUMNS)} from api_key
         where organization_id = ${principal.organizationId} and revoked_at is null
         order by created_at desc, id`,
  );
  return { organizationId: principal.organizationId!, rows: found.map(toApiKeyRow) };
}
