import { sql } from 'drizzle-orm';
import type { SaveProfileBody } from '../../../contract/ledger';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { findVisibleHolder } from '../../ledger-store/visible-holder';
import { emailTaken, isEmailTaken } from './add-shareholder';
import type { Principal } from '../../plugins/access-control';

export interface SaveProfileOptions {
  holderId: string;
  body: SaveProfileBody;
  principal: Principal;
  requestId: string;
}

/**
 * The spec's Save: contact fields only (the schema refuses any other field). Administrators edit
 * anyone in their organization, name included; a shareholder edits only their own contact
 * fields, and a changed name is refused. Either may turn the holder's e-mail notices on or off
 * (`Notices`; kept when absent). The change and its audit entry commit together.
 */
export async function saveProfile(db: Db, opts: SaveProfileOptions): Promise<void> {
  try {
    await saveInTransaction(db, opts);
  } catch (err) {
    if (isEmailTaken(err)) throw emailTaken();
    throw err;
  }
}

async function saveInTransaction(db: Db, opts: SaveProfileOptions): Promise<void> {
  const { body, principal } = opts;
  if (body.ShareholderId.toLowerCase() !== opts.holderId.toLowerCase()) {
    throw new AppError({
      code: 'VALIDATION.ID_MISMATCH',
      message: 'ShareholderId must match the shareholder in the address.',
      field: 'ShareholderId',
    });
  }
  await db.transaction(async (tx) => {
    const before = await findVisibleHolder(tx, principal, opts.holderId, { forUpdate: true });
    const isAdmin = principal.role === 'administrator';
    // One name, as the profile shows it: the lists read `name`, the statement `full_name`.
    const shownName = before.full_name || before.name;
    if (!isAdmin && body.FullName !== shownName) {
      throw new AppError({
        code: 'VALIDATION.READ_ONLY',
        message: 'Only an administrator can change the name.',
        field: 'FullName',
      });
    }
    const email = body.Email === undefined ? before.email : body.Email || null;
    if (!isAdmin && email !== before.email) {
      throw new AppError({
        code: 'VALIDATION.READ_ONLY',
        message: 'Only an administrator can change the e-mail address.',
        field: 'Email',
      });
    }
    const after = {
      // A changed name shows everywhere the holder appears: both columns take it.
      name: isAdmin ? body.FullName : before.name,
      full_name: isAdmin ? body.FullName : before.full_name,
      email,
      country: body.Country ?? before.country,
      state: body.State,
      city: body.City,
      address: body.Address,
      zip_code: body.ZipCode,
      phone_number: body.Phone,
      cellphone_number: body.CellPhone,
      notes: body.Notes,
      notices: body.Notices ?? before.notices,
    };
    await tx.execute(
      sql`update shareholder
             set name = ${after.name}, full_name = ${after.full_name}, email = ${after.email},
                 country = ${after.country}, state = ${after.state},
                 city = ${after.city},
                 address = ${after.address}, zip_code = ${after.zip_code},
                 phone_number = ${after.phone_number},
                 cellphone_number = ${after.cellphone_number}, notes = ${after.notes},
                 notices = ${after.notices}, updated_at = now()
           where id = ${before.id}`,
    );
    const beforeFields = Object.fromEntries(
      Object.keys(after).map((k) => [k, before[k as keyof typeof before]]),
    );
    await tx.execute(
      sql`insert into audit_entry
            (organization_id, actor_user_id, actor_holder_id, action, entity_type, entity_id,
             request_id, before, after)
          values (${before.organization_id}, ${principal.userId}, ${principal.holderId},
                  'shareholder.profile_saved', 'shareholder', ${before.id}, ${opts.requestId},
                  ${JSON.stringify(beforeFields)}::jsonb, ${JSON.stringify(after)}::jsonb)`,
    );
  });
}
