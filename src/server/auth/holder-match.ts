import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { authUser, shareholder } from '../db/schema';

export type HolderRole = 'administrator' | 'shareholder' | 'none' | 'disabled';

export interface HolderMatch {
  role: HolderRole;
  holderId: string | null;
  organizationId: string | null;
  name: string | null;
}

const NONE: HolderMatch = { role: 'none', holderId: null, organizationId: null, name: null };

/**
 * Matches an e-mail to a holder, case-insensitively. An active administrator match wins, then an
 * active holder; a matching holder that is not active means the user is disabled; else none.
 */
export async function matchHolder(db: Db, email: string): Promise<HolderMatch> {
  const [row] = await db
    .select({
      id: shareholder.id,
      organizationId: shareholder.organizationId,
      name: shareholder.name,
      isAdmin: shareholder.isAdmin,
      active: shareholder.active,
    })
    .from(shareholder)
    .where(sql`lower(${shareholder.email}) = lower(${email})`)
    .orderBy(desc(shareholder.active), desc(shareholder.isAdmin), asc(shareholder.createdAt))
    .limit(1);
  if (!row) return NONE;
  if (!row.active) return { ...NONE, role: 'disabled' };
  return {
    role: row.isAdmin ? 'administrator' : 'shareholder',
    holderId: row.id,
    organizationId: row.organizationId,
    name: row.name,
  };
}

/** The holder match of a user id (through the user's e-mail). */
export async function matchUser(db: Db, userId: string): Promise<HolderMatch> {
  const [user] = await db
    .select({ email: authUser.email })
    .from(authUser)
    .where(eq(authUser.id, userId));
  return user ? matchHolder(db, user.email) : NONE;
}
