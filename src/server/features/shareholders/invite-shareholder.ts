import { sql } from 'drizzle-orm';
import type { ProfileResponse } from '../../../contract/ledger';
import { holderMessages } from '../../../contract/shareholders';
import type { Auth } from '../../auth/auth';
import { createLogin } from '../../auth/create-login';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import type { CompanyCaller } from '../../http/caller';
import { findVisibleHolder } from '../../ledger-store/visible-holder';
import { auditHolder } from './add-shareholder';
import { getProfile } from './get-profile';

export interface InviteDeps {
  db: Db;
  auth: Auth;
  publicUrl: string;
}

/**
 * POST /api/v1/shareholders/:id/invite: a login for the holder's e-mail (of this company, no
 * password), and a mail with a link to choose one: better-auth's reset token, single use and
 * valid 30 minutes, sent as the holder's invitation. Sending it again sends a new link. A holder
 * with no e-mail, or inactive, is refused (409).
 */
export async function inviteShareholder(
  deps: InviteDeps,
  caller: CompanyCaller,
  opts: { holderId: string; requestId: string },
): Promise<ProfileResponse> {
  const holder = await findVisibleHolder(deps.db, caller, opts.holderId);
  if (!holder.email)
    throw new AppError({
      code: 'SHAREHOLDER.NO_EMAIL',
      message: holderMessages.noEmail,
      field: 'Email',
    });
  if (!holder.active)
    throw new AppError({ code: 'SHAREHOLDER.INACTIVE', message: holderMessages.inactive });
  await createLogin(deps.db, {
    email: holder.email,
    name: holder.full_name || holder.name,
    organizationId: caller.organizationId,
  });
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`update shareholder set invited_at = now() where id = ${holder.id}`);
    await auditHolder(tx, caller, {
      action: 'shareholder.invited',
      holderId: holder.id,
      requestId: opts.requestId,
      before: null,
      after: { email: holder.email },
    });
  });
  await deps.auth.api.requestPasswordReset({
    body: { email: holder.email, redirectTo: `${deps.publicUrl}/reset-password?invite=holder` },
  });
  return getProfile(deps.db, { holderId: holder.id, principal: caller });
}
