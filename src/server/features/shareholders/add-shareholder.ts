import { sql } from 'drizzle-orm';
import type { ProfileResponse } from '../../../contract/ledger';
import { holderMessages, type NewShareholder } from '../../../contract/shareholders';
import type { Db, Tx } from '../../db/database';
import { inCauses, rows } from '../../db/sql';
import { AppError } from '../../http/app-error';
import type { CompanyCaller } from '../../http/caller';
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
  const row = {
    name: body.Name,
    full_name: body.Name,
    email: body.Email === '' ? null : body.Email,
    holder_type: body.HolderType,
    address: body.Address,
    city: body.City,
    state: body.State,
    zip_code: body.ZipCode,
    country: body.Country,
    phone_number: body.Phone,
    cellphone_number: body.CellPhone,
    notes: body.Notes,
  };
  try {
    const id = await db.transaction(async (tx) => {
      const [created] = await rows<{ id: string }>(
        tx,
        sql`insert into shareholder
              (organization_id, name, full_name, email, holder_type, address, city, state,
               zip_code, country, phone_number, cellphone_number, notes)
            values (${caller.organizationId}, ${row.name}, ${row.full_name}, ${row.email},
                    ${row.holder_type}, ${row.address}, ${row.city}, ${row.state},
                    ${row.zip_code}, ${row.country}, ${row.phone_number},
                    ${row.cellphone_number}, ${row.notes})
            returning id`,
      );
      await auditHolder(tx, caller, {
        action: 'shareholder.created',
        holderId: created!.id,
        requestId,
        before: null,
        after: row,
      });
      return created!.id;
    });
    return await getProfile(db, { holderId: id, principal: caller });
  } catch (err) {
    if (isEmailTaken(err)) throw emailTaken();
    throw err;
  }
}
