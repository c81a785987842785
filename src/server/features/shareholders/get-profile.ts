import type { ProfileResponse } from '../../../contract/ledger';
import type { Db } from '../../db/database';
import { findVisibleHolder, type VisibleHolder } from '../../ledger-store/visible-holder';
import type { Principal } from '../../plugins/access-control';

export function toProfile(holder: VisibleHolder, principal: Principal): ProfileResponse {
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
    canEditName: principal.role === 'administrator',
  };
}

/** A holder's contact profile: administrators any of their organization's, a shareholder their own. */
export async function getProfile(
  db: Db,
  opts: { holderId: string; principal: Principal },
): Promise<ProfileResponse> {
  return toProfile(await findVisibleHolder(db, opts.principal, opts.holderId), opts.principal);
}
