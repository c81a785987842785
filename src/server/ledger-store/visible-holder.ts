import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { logObjectDenial } from '../auth/denial-log';
import { AppError } from '../http/app-error';
import { seesWholeCompany, type Principal } from '../plugins/access-control';
import { rows } from '../db/sql';

export interface VisibleHolder {
  id: string;
  organization_id: string;
  name: string;
  full_name: string;
  email: string | null;
  state: string;
  city: string;
  address: string;
  zip_code: string;
  phone_number: string;
  cellphone_number: string;
  notes: string;
  country: string;
  holder_type: 'individual' | 'entity';
  is_admin: boolean;
  read_only: boolean;
  notices: boolean;
  active: boolean;
}

export const holderNotFound = () =>
  new AppError({ code: 'SHAREHOLDER.NOT_FOUND', message: 'Shareholder not found.' });

/**
 * Whether the principal may see this holder: an administrator or a read-only holder sees every
 * holder of their organization, a shareholder only themselves. Anything else is the same 404 as a missing holder
 * (checklist ACL-02), so ids of other holders cannot be probed. A refusal is logged (LOG-02).
 */
export function mayAccessHolder(principal: Principal, holderId: string): boolean {
  const allowed =
    seesWholeCompany(principal) ||
    (principal.role === 'shareholder' && principal.holderId === holderId);
  if (!allowed) logObjectDenial(principal, holderId);
  return allowed;
}

/** The holder's row in the organization (locked with `forUpdate`); the bench sends it too. */
export const visibleHolderSql = (organizationId: string, holderId: string, forUpdate = false) =>
  sql`select id, organization_id, name, full_name, email, state, city, address, zip_code,
             phone_number, cellphone_number, notes, country, holder_type, is_admin, read_only,
             notices, active
        from shareholder
       where id = ${holderId} and organization_id = ${organizationId}
       ${forUpdate ? sql`for update` : sql``}`;

export async function findVisibleHolder(
  db: Db | Tx,
  principal: Principal,
  holderId: string,
  opts: { forUpdate?: boolean } = {},
): Promise<VisibleHolder> {
  if (!mayAccessHolder(principal, holderId)) throw holderNotFound();
  if (principal.organizationId === null) {
    logObjectDenial(principal, holderId);
    throw holderNotFound();
  }
  const [holder] = await rows<VisibleHolder>(
    db,
    visibleHolderSql(principal.organizationId, holderId, opts.forUpdate),
  );
  if (!holder) {
    // An administrator asking for a holder of another organization (or for no holder at all).
    logObjectDenial(principal, holderId);
    throw holderNotFound();
  }
  return holder;
}
