import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { auditQuery, auditResponse } from '../../../contract/audit';
import type { Db } from '../../db/database';
import { rows } from '../../db/sql';

type AuditQuery = z.output<typeof auditQuery>;
type AuditRows = z.infer<typeof auditResponse>['rows'];

/**
 * The organization's audit trail, newest first. A holder filter matches their profile edits and
 * every operation that touched one of their certificates; a certificate filter, every operation
 * with a transaction on it or taking shares from it. Dates are UTC days of recording.
 */
export async function listAudit(
  db: Db,
  opts: { organizationId: string; query: AuditQuery },
): Promise<AuditRows> {
  const q = opts.query;
  const conditions = [sql`a.organization_id = ${opts.organizationId}`];
  if (q.holderId) {
    conditions.push(sql`((a.entity_type = 'shareholder' and a.entity_id = ${q.holderId})
      or exists (select 1 from share_transaction t join certificate c on c.id = t.certificate_id
                  where t.operation_id = a.operation_id and c.holder_id = ${q.holderId}))`);
  }
  if (q.certificateId) {
    conditions.push(sql`exists (select 1 from share_transaction t
                  where t.operation_id = a.operation_id
                    and (t.certificate_id = ${q.certificateId}
                         or t.origin_certificate_id = ${q.certificateId}))`);
  }
  if (q.from) conditions.push(sql`a.created_at >= ${q.from}::date`);
  if (q.to) conditions.push(sql`a.created_at < ${q.to}::date + 1`);
  const found = await rows<{
    id: string;
    created_at: string;
    actor_user_id: string | null;
    actor_name: string | null;
    actor_email: string | null;
    action: string;
    entity_type: string;
    entity_id: string;
    operation_id: string | null;
    request_id: string | null;
    reason: string | null;
    before: unknown;
    after: unknown;
  }>(
    db,
    sql`select a.id::text as id, to_char(a.created_at at time zone 'UTC',
                 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
               a.actor_user_id,
               coalesce((select h.name from shareholder h
                          where h.id = a.actor_holder_id and h.organization_id = a.organization_id),
                        (select nullif(u.name, '') from auth_user u where u.id = a.actor_user_id))
                 as actor_name,
               (select u.email from auth_user u where u.id = a.actor_user_id) as actor_email,
               a.action, a.entity_type, a.entity_id, a.operation_id::text as operation_id,
               a.request_id, a.reason, a.before, a.after
          from audit_entry a
         where ${sql.join(conditions, sql` and `)}
         order by a.id desc
         limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );
  const json = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as unknown) : v);
  return found.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    actorUserId: r.actor_user_id,
    actorName: r.actor_name,
    actorEmail: r.actor_email,
    action: r.action,
    entityType: r.entity_type,
    entityId: r.entity_id,
    operationId: r.operation_id,
    requestId: r.request_id,
    reason: r.reason,
    before: json(r.before),
    after: json(r.after),
  }));
}
