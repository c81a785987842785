import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { authUser } from '../db/schema';
import { rows } from '../db/sql';

export type HolderRole = 'administrator' | 'read-only' | 'shareholder' | 'none' | 'disabled';

export interface HolderMatch {
  role: HolderRole;
  holderId: string | null;
  organizationId: string | null;
  name: string | null;
  /** The organization's time zone (its "today"). */
  timeZone: string | null;
}

const NONE: HolderMatch = {
  role: 'none',
  holderId: null,
  organizationId: null,
  name: null,
  timeZone: null,
};

/**
 * The holder an e-mail (an SQL expression) matches in one company (an SQL expression; a null one
 * matches nothing), or in any company when none is given, case-insensitively: an active
 * administrator first, then an active holder, then an inactive one (the user is disabled). At
 * most one row. A session's company is its login's (auth_user.organization_id): a holder record
 * elsewhere with the same e-mail never counts.
 */
export const holderMatchSql = (email: SQL, organizationId?: SQL): SQL =>
  sql`select m.id, m.organization_id, m.name, m.is_admin, m.read_only, m.active, o.time_zone
        from shareholder m
        join organization o on o.id = m.organization_id
       where lower(m.email) = lower(${email})
         ${organizationId ? sql`and m.organization_id = ${organizationId}` : sql``}
       order by m.active desc, m.is_admin desc, m.created_at
       limit 1`;

export interface HolderMatchRow {
  id: string | null;
  organization_id: string | null;
  name: string | null;
  is_admin: boolean | null;
  read_only: boolean | null;
  active: boolean | null;
  time_zone: string | null;
}

export function toHolderMatch(row: HolderMatchRow | undefined): HolderMatch {
  if (!row?.id) return NONE;
  if (!row.active) return { ...NONE, role: 'disabled' };
  return {
    role: row.is_admin ? 'administrator' : row.read_only ? 'read-only' : 'shareholder',
    holderId: row.id,
    organizationId: row.organization_id,
    name: row.name,
    timeZone: row.time_zone,
  };
}

/** Matches an e-mail to a holder of one company, or of any when none is given (holderMatchSql). */
export async function matchHolder(
  db: Db,
  email: string,
  organizationId?: string,
): Promise<HolderMatch> {
  const company = organizationId === undefined ? undefined : sql`${organizationId}::uuid`;
  const [row] = await rows<HolderMatchRow>(db, holderMatchSql(sql`${email}`, company));
  return toHolderMatch(row);
}

/** The holder match of a user id: their e-mail, in their login's company. */
export async function matchUser(db: Db, userId: string): Promise<HolderMatch> {
  const [user] = await db
    .select({ email: authUser.email, organizationId: authUser.organizationId })
    .from(authUser)
    .where(eq(authUser.id, userId));
  return user?.organizationId ? matchHolder(db, user.email, user.organizationId) : NONE;
}
