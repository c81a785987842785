import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';

/** One audit entry about a key: who did what to it (created, revoked). */
export async function auditApiKey(
  db: Db,
  entry: {
    organizationId: string;
    actorUserId: string;
    actorHolderId: string | null;
    action: 'api_key.created' | 'api_key.revoked';
    keyId: string;
    requestId: string;
    after: Record<string, unknown>;
  },
): Promise<void> {
  await db.execute(
    sql`insert into audit_entry
          (organization_id, actor_user_id, actor_holder_id, action, entity_type, entity_id,
           request_id, after)
        values (${entry.organizationId}, ${entry.actorUserId}, ${entry.actorHolderId},
                ${entry.action}, 'api_key', ${entry.keyId}, ${entry.requestId},
                ${JSON.stringify(entry.after)}::jsonb)`,
  );
}
