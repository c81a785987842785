import { sql, type SQL } from 'drizzle-orm';
import type { ProfileResponse } from '../../../contract/ledger';
import type { Db } from '../../db/database';
import { rows } from '../../db/sql';
import { findVisibleHolder, type VisibleHolder } from '../../ledger-store/visible-holder';
import type { Principal } from '../../plugins/access-control';

export type Portal = ProfileResponse['portal'];

/**
 * Where the holder stands with the portal: 'active' once their login (of this company) has a
 * password or a Google identity, 'invited' after an administrator's invitation, else 'none'.
 * `email` and `invitedAt` must name the holder's columns with their table's alias.
 */
export const portalSql = (email: SQL, invitedAt: SQL, organizationId: string): SQL =>
  sql`case when exists (select from auth_user u join auth_account a on a.user_id = u.id
                         where u.email = lower(${email}) and u.organization_id = ${organizationId}
                           and (a.password is not null or a.provider_id <> 'credential'))
           then 'active'
           when ${invitedAt} is not null then 'invited'
           else 'none' end`;

export function toProfile(
  holder: VisibleHolder,
  principal: Principal,
  portal: Portal,
): ProfileResponse {
  return {
    id: holder.id,
    name: holder.name,
    fullName: holder.full_name,
    email: holder.email,
    state: holder.state,
    city: holder.city,
    address: holder.address,
    zipCode: holder.zip_code,
    phoneNumber: holder.phone_number,
    cellphoneNumber: holder.cellphone_number,
    notes: holder.notes,
    country: holder.country,
    holderType: holder.holder_type,
    active: holder.active,
    portal,
    access: holder.is_admin ? 'administrator' : holder.read_only ? 'read-only' : 'holder',
    canEditName: principal.role === 'administrator',
    notices: holder.notices,
  };
}

/** A holder's contact profile: administrators any of their organization's, a shareholder their own. */
export async function getProfile(
  db: Db,
  opts: { holderId: string; principal: Principal },
): Promise<ProfileResponse> {
  const holder = await findVisibleHolder(db, opts.principal, opts.holderId);
  const [status] = await rows<{ portal: Portal }>(
    db,
    sql`select ${portalSql(sql`h.email`, sql`h.invited_at`, holder.organization_id)} as portal
          from shareholder h where h.id = ${holder.id}`,
  );
  return toProfile(holder, opts.principal, status!.portal);
}
