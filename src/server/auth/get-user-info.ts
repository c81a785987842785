import type { UserInfo } from '../../contract/user-info';
import { shareholder } from '../db/schema';
import type { Principal } from '../plugins/access-control';
import type { AuthFeatureDeps } from './auth-deps';
import { eq } from 'drizzle-orm';

/** POST /api/v1/userInfo: the session user and the holder matched by e-mail (spec section 3). */
export async function getUserInfo(deps: AuthFeatureDeps, principal: Principal): Promise<UserInfo> {
  let friendlyName = principal.name;
  if (principal.holderId) {
    const [holder] = await deps.db
      .select({ name: shareholder.name })
      .from(shareholder)
      .where(eq(shareholder.id, principal.holderId));
    if (holder?.name) friendlyName = holder.name;
  }
  return {
    userId: principal.userId,
    username: principal.email,
    id: principal.userId,
    email: principal.email,
    friendlyName,
    SH_ID: principal.holderId,
    isAdmin: principal.role === 'administrator',
    isReadOnly: principal.role === 'read-only',
    organizationId: principal.organizationId,
    timeZone: principal.timeZone,
  };
}
