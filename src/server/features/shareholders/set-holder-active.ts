import { sql } from 'drizzle-orm';
import type { ProfileResponse } from '../../../contract/ledger';
import { holderMessages } from '../../../contract/shareholders';
import type { Db } from '../../db/database';
import { rows } from '../../db/sql';
import { AppError } from '../../http/app-error';
import type { CompanyCaller } from '../../http/caller';
import { findVisibleHolder } from '../../ledger-store/visible-holder';
import { auditHolder } from './add-shareholder';
import { getProfile } from './get-profile';

/**
 * POST /api/v1/shareholders/:id/deactivate and /reactivate. An inactive holder leaves the
 * directory, the pickers and the totals and can no longer sign in; their history stays. Only a
 * holder with no shares may be deactivated (409 SHAREHOLDER.HAS_SHARES), and never the caller's
 * own record. The row is locked, so a posting to the holder waits and then sees the change.
 */
export async function setHolderActive(
  db: Db,
  caller: CompanyCaller,
  opts: { holderId: string; active: boolean; requestId: string },
): Promise<ProfileResponse> {
  const id = await db.transaction(async (tx) => {
    const holder = await findVisibleHolder(tx, caller, opts.holderId, { forUpdate: true });
    if (holder.active === opts.active) return holder.id;
    if (!opts.active) {
      if (holder.id === caller.holderId)
        throw new AppError({
          code: 'SHAREHOLDER.DEACTIVATE_SELF',
          message: holderMessages.deactivateSelf,
        });
      const [held] = await rows<{ balance: string; has_shares: boolean }>(
        tx,
        sql`select balance::text as balance, balance <> 0 as has_shares
              from shareholder where id = ${holder.id}`,
      );
      if (held!.has_shares)
        throw new AppError({
          code: 'SHAREHOLDER.HAS_SHARES',
          message: holderMessages.hasShares,
          details: { balance: held!.balance },
        });
    }
    await tx.execute(
      sql`update shareholder set active = ${opts.active}, updated_at = now() where id = ${holder.id}`,
    );
    await auditHolder(tx, caller, {
      action: opts.active ? 'shareholder.reactivated' : 'shareholder.deactivated',
      holderId: holder.id,
      requestId: opts.requestId,
      before: { active: holder.active },
      after: { active: opts.active },
    });
    return holder.id;
  });
  return getProfile(db, { holderId: id, principal: caller });
}
