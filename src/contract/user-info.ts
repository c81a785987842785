import { z } from 'zod';

export { userInfoPath } from './constants/auth';

export const userInfo = z.object({
  userId: z.string(),
  username: z.string(),
  id: z.string(),
  email: z.string(),
  friendlyName: z.string(),
  /** The matched active holder's id; null when the e-mail matches none (→ /noaccount). */
  SH_ID: z.string().nullable(),
  isAdmin: z.boolean(),
  /** A read-only holder (board member, auditor, counsel): sees what administrators see, changes nothing. */
  isReadOnly: z.boolean(),
  /**
   * The company's id, what `x-organization-id` and a gateway body's `organizationId` must be;
   * null when the e-mail matches no holder.
   */
  organizationId: z.uuid().nullable(),
  /** The organization's time zone (IANA): the day the app calls "today". */
  timeZone: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;
