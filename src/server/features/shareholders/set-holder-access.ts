import { sql } from 'drizzle-orm';
import type { ProfileResponse } from '../../../contract/ledger';
import { holderMessages, type HolderAccess } from '../../../contract/shareholders';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { CompanyCaller } from '../../http/caller';
import { findVisibleHolder } from '../../ledger-store/visible-holder';
import { auditHolder } from './add-shareholder';
import { getProfile } from './get-profile';

/**
 * PUT /api/v1/shareholders/:id/access: an administrator makes a holder read-only (a board
 * member, auditor or counsel who sees the whole registry and changes nothing) or a holder again.
 * An administrator's own access is not changed here (409 SHAREHOLDER.IS_ADMINISTRATOR). The
 * row's change tells every server's session cache (migration 0024's trigger), so it takes
 * effect on the holder's next request.
 */
export async function setHolderAccess(
  db: Db,
  caller: CompanyCaller,
  opts: { holderId: string; access: Exclude<HolderAccess, 'administrator'>; requestId: string },
): Promise<ProfileResponse> {
  const readOnly = opts.access === 'read-only';
  const id = await db.transaction(async (tx) => {
    const holder = await findVisibleHolder(tx, caller, opts.holderId, { forUpdate: true });
    if (holder.is_admin)
      throw new AppError({
        code: 'SHAREHOLDER.IS_ADMINISTRATOR',
        message: holderMessages.accessOfAdministrator,
      });
    if (holder.read_only === readOnly) return holder.id;
    await tx.execute(
      sql`update shareholder set read_only = ${readOnly}, updated_at = now()
           where id = ${holder.id}`,
    );
    await auditHolder(tx, caller, {
      action: 'shareholder.access_changed',
      holderId: holder.id,
      requestId: opts.requestId,
      before: { access: holder.read_only ? 'read-only' : 'holder' },
      after: { access: opts.access },
    });
    return holder.id;
  });
  return getProfile(db, { holderId: id, principal: caller });
}
