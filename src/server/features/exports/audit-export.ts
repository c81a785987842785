import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { CompanyCaller } from '../../http/caller';

export interface ExportAudit {
  report: string;
  format: string;
  asOf: string;
  fileName: string;
  holderId?: string;
}

/**
 * An export in the audit log (issue 26): who (the login, their holder, the key), what (the
 * report, and the holder of a statement), as of when, in which format, under which file name.
 * Written before the first byte is sent: an export that was asked for is recorded, even when the
 * client goes away before the end.
 */
export async function auditExport(
  db: Db,
  caller: CompanyCaller,
  requestId: string,
  entry: ExportAudit,
): Promise<void> {
  const after = { ...entry, apiKeyId: caller.apiKey?.id ?? null };
  await db.execute(
    sql`insert into audit_entry (organization_id, actor_user_id, actor_holder_id, action,
                                 entity_type, entity_id, request_id, after)
        values (${caller.organizationId}, ${caller.userId}, ${caller.holderId}, 'export.downloaded',
                ${entry.holderId === undefined ? 'report' : 'shareholder'},
                ${entry.holderId ?? entry.report}, ${requestId},
                ${JSON.stringify(after)}::jsonb)`,
  );
}
