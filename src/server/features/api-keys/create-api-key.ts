import { sql } from 'drizzle-orm';
import type { CreateApiKeyBody, CreatedApiKey } from '../../../contract/api-keys';
import { newApiKey } from '../../auth/api-key-principal';
import type { Db } from '../../db/database';
import { inCauses, rows } from '../../db/sql';
import { AppError } from '../../http/app-error';
import type { Principal } from '../../plugins/access-control';
import { auditApiKey } from './api-key-audit';
import { API_KEY_COLUMNS, toApiKeyRow, type ApiKeySql } from './api-key-rows';

const nameTaken = (err: unknown) =>
  inCauses(err, (e) => (e as { code?: string; constraint?: string }).code === '23505');

/**
 * POST /api/v1/api-keys (administrator): a new key of the administrator's organization. The key
 * is in this answer only; it is kept as its hash. Names are unique among the unrevoked keys.
 */
export async function createApiKey(
  db: Db,
  opts: { principal: Principal; body: CreateApiKeyBody; requestId: string },
): Promise<CreatedApiKey> {
  const { principal, body } = opts;
  const organizationId = principal.organizationId!;
  const { key, prefix, hash } = newApiKey();
  const scopes = [...new Set(body.scopes)];
  let created: ApiKeySql | undefined;
  try {
    [created] = await rows<ApiKeySql>(
      db,
      sql`insert into api_key (organization_id, name, prefix, hash, scopes, created_by)
          values (${organizationId}, ${body.name}, ${prefix}, ${hash}, ${sql.param(scopes)}::text[],
                  ${principal.userId})
          returning ${sql.raw(API_KEY_COLUMNS)}`,
    );
  } catch (err) {
    if (!nameTaken(err)) throw err;
    throw new AppError({
      code: 'API_KEY.NAME_TAKEN',
      message: 'A key with this name already exists.',
      field: 'name',
    });
  }
  await auditApiKey(db, {
    organizationId,
    actorUserId: principal.userId,
    actorHolderId: principal.holderId,
    action: 'api_key.created',
    keyId: created!.id,
    requestId: opts.requestId,
    after: { key: body.name, scopes, prefix },
  });
  return { ...toApiKeyRow(created!), key, organizationId };
}
