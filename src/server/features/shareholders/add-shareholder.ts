import { sql } from 'drizzle-orm';
import type { ProfileResponse } from '../../../contract/ledger';
import { holderMessages, type NewShareholder } from '../../../contract/shareholders';
import type { Db, Tx } from '../../db/database';
import { inCauses } from '../../db/sql';
import { AppError } from '../../http/app-error';
import type { CompanyCaller } from '../../http/caller';
import { insertHolder } from '../../ledger-store/insert-holder';
import { getProfile } from './get-profile';

export const emailTaken = () =>
  new AppError({
    code: 'SHAREHOLDER.EMAIL_TAKEN',
    message: holderMessages.emailTaken,
    field: 'Email',
  });

/** The unique index on (organization, lower(email)) refused the row. */
export const isEmailTaken = (err: unknown): boolean =>
  inCauses(
    err,
    (e) =>
      (e as { code?: string }).code === '23505' &&
      (e as { constraint?: string }).constraint === 'shareholder_org_email_unique',
  );

/** An audit entry of a change to a holder record, in the change's transaction. */
export async function auditHolder(
  tx: Tx,
  caller: CompanyCaller,
  entry: { action: string; holderId: string; requestId: string; before: unknown; after: unknown },
): Promise<void> {
  await tx.execute(
    sql`insert into audit_entry
          (organization_id, actor_user_id, actor_holder_id, action, entity_type, entity_id,
           request_id, before, after)
        values (${caller.organizationId}, ${caller.userId}, ${caller.holderId}, ${entry.action},
                'shareholder', ${entry.holderId}, ${entry.requestId},
                ${JSON.stringify(entry.before)}::jsonb, ${JSON.stringify(entry.after)}::jsonb)`,
  );
}

/**
 * POST /api/v1/shareholders: a holder of the caller's company, with no shares until a New Issue
 * or a Transfer gives them some. The e-mail (the holder's sign-in name, optional) is unique in the
 * company: 409 SHAREHOLDER.EMAIL_TAKEN naming Email. The row and its audit entry commit together.
 */
export async function addShareholder(
  db: Db,
  caller: CompanyCaller,
  body: NewShareholder,
  requestId: string,
): Promise<ProfileResponse> {
  try {
    const id = await db.transaction((tx) => insertHolder(tx, caller, body, requestId));
    return await getProfile(db, { holderId: id, principal: caller });
  } catch (err) {
    if (isEmailTaken(err)) throw emailTaken();
    throw err;
  }
}
