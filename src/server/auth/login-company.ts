import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';

/**
 * A login belongs to the company where it was created (issue 23): its company is set once and no
 * holder record elsewhere with the same e-mail ever changes it, or who its sessions are. Given no
 * company, it is the one whose holder record of the e-mail came first. A login that no company
 * holds yet stays without one (its sessions match no holder) until a sign-in finds one.
 */
export async function bindLoginToCompany(
  db: Db,
  userId: string,
  organizationId?: string,
): Promise<void> {
  await db.execute(
    sql`update auth_user u
           set organization_id = coalesce(${organizationId ?? null}::uuid,
                 (select m.organization_id from shareholder m
                   where lower(m.email) = lower(u.email)
                   order by m.created_at, m.id
                   limit 1))
         where u.id = ${userId} and u.organization_id is null`,
  );
}
