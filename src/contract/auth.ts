import { z } from 'zod';
import { safeText } from './common';
import { authMessages, newPasswordProblem, onlyOwnPasswordMessage } from './constants/auth';

// The constants, messages and rules without zod are in ./constants/auth.ts (the web imports
// them freely); re-exported here for the server's convenience.
export * from './constants/auth';

const newPasswordRules = (v: { password: string; confirmation: string }, ctx: z.RefinementCtx) => {
  const problem = newPasswordProblem(v.password, v.confirmation);
  if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
};

/** The forms of the password pages (react-hook-form through zodResolver). */
export const resetPasswordForm = z
  .object({ password: z.string(), confirmation: z.string() })
  .superRefine(newPasswordRules);
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;

export const changePasswordForm = z
  .object({
    email: z.string().trim().min(1, authMessages.enterEmail),
    current: z.string(),
    password: z.string(),
    confirmation: z.string(),
  })
  .superRefine(newPasswordRules);
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

/**
 * Change Password as the page offers it: the signed-in user's own password only. (The API also
 * lets an administrator give a holder with no login a first password; that is not this page.)
 */
export const ownPasswordForm = (ownEmail: string) =>
  changePasswordForm.superRefine((v, ctx) => {
    if (v.email && v.email.toLowerCase() !== ownEmail.trim().toLowerCase())
      ctx.addIssue({ code: 'custom', path: ['email'], message: onlyOwnPasswordMessage(ownEmail) });
  });

export const forgotPasswordForm = z.object({
  email: z.string().trim().min(1, authMessages.enterEmail),
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordForm>;

export const loginBody = z.object({
  username: safeText().max(320),
  password: safeText().max(1024),
});
export const tokenPair = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPair>;

export const refreshBody = z.object({ refreshToken: safeText().max(200) });

export const successBody = z.object({ success: z.boolean(), message: safeText().optional() });

export const forgotPasswordBody = z.object({
  email: safeText().max(320),
  resetUrl: safeText().max(2048).optional(),
});

export const validateResetTokenBody = z.object({ token: safeText().max(200) });
export const validateResetTokenResponse = z.object({
  valid: z.boolean(),
  user: z.object({ email: safeText() }).optional(),
});

export const resetPasswordBody = z.object({
  token: safeText().max(200),
  newPassword: safeText().max(4096),
});

export const setPasswordBody = z.object({
  userId: safeText().max(200).optional(),
  email: safeText().max(320).optional(),
  newPassword: safeText().max(4096),
  currentPassword: safeText().max(4096).optional(),
  sendEmail: z.boolean().optional(),
  loginUrl: safeText().max(2048).optional(),
  /** Ends the caller's other sessions after a change of their own password (default true). */
  revokeOtherSessions: z.boolean().optional(),
});
export type SetPasswordBody = z.infer<typeof setPasswordBody>;

export const accountStatus = z.object({ hasPassword: z.boolean() });

export const providersResponse = z.object({ google: z.boolean() });
export type Providers = z.infer<typeof providersResponse>;

/** The holder whose sessions end: by login user id or by e-mail (one of them). */
export const endUserSessionsBody = z
  .object({ userId: safeText().max(200).optional(), email: safeText().max(320).optional() })
  .refine((b) => b.userId !== undefined || b.email !== undefined, {
    message: 'Give userId or email.',
  });
export type EndUserSessionsBody = z.infer<typeof endUserSessionsBody>;
/** How many sessions (browser sessions and access tokens) were ended. */
export const endSessionsResponse = z.object({ success: z.boolean(), ended: z.number().int() });
export type EndSessionsResponse = z.infer<typeof endSessionsResponse>;

export const googleQuery = z.object({
  redirect: safeText().max(2048).optional(),
  popup: safeText().max(10).optional(),
  iframe: safeText().max(10).optional(),
  mobile: safeText().max(10).optional(),
  origin: safeText().max(2048).optional(),
  redirect_uri: safeText().max(2048).optional(),
});
