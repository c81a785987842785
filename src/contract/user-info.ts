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
  /** The organization's time zone (IANA): the day the app calls "today". */
  timeZone: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;
