import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rows } from '../../db/sql';
import { AppError } from '../../http/app-error';
import type { Principal } from '../../plugins/access-control';
import { auditApiKey } from './api-key-audit';

/**
 * DELETE /api/v1/api-keys/:id (administrator): the key is refused from its very next request.
 * Another organization's key, or one already revoked, is the same 404 as a missing one.
 */
export async function revokeApiKey(
  db: Db,
  opts: { principal: Principal; id: string; requestId: string },
): Promise<{ revoked: true }> {
  const { principal } = opts;
  const [revoked] = await rows<{ id: string; name: string }>(
    db,
    sql`update api_key set revoked_at = now()
         where id = ${opts.id} and organization_id = ${principal.organizationId}
           and revoked_at is null
     returning id, name`,
  );
  if (!revoked) throw new AppError({ code: 'API_KEY.NOT_FOUND', message: 'No such API key.' });
  await auditApiKey(db, {
    organizationId: principal.organizationId!,
    actorUserId: principal.userId,
    actorHolderId: principal.holderId,
    action: 'api_key.revoked',
    keyId: revoked.id,
    requestId: opts.requestId,
    after: { key: revoked.name },
  });
  return { revoked: true };
}
