// Sign-in's constants, messages and pure rules, without zod: the web imports them freely
// (src/contract/auth.ts holds the schemas).

/** The spec's auth endpoints (section 7), with the spec's request and response shapes. */
export const authPaths = {
  login: '/auth/login',
  refresh: '/auth/refresh',
  logout: '/auth/logout',
  forgotPassword: '/auth/forgot-password',
  validateResetToken: '/auth/validate-reset-token',
  resetPassword: '/auth/reset-password',
  setPassword: '/auth/set-password',
  account: '/auth/account',
  google: '/auth/oauth/google',
  /** Which sign-in methods this server offers (the login page shows only those). */
  providers: '/auth/providers',
  /** Administrators: end every session of one holder's login, or of every holder (SES-07). */
  endUserSessions: '/auth/admin/end-user-sessions',
  endAllSessions: '/auth/admin/end-all-sessions',
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Messages shown word for word (spec sections 5 and 8, and ours where the spec has none). */
export const authMessages = {
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordTooShort: 'Password must be at least 8 characters long.',
  passwordTooLong: 'Password must be at most 128 characters long.',
  passwordTooCommon: 'This password is too common. Please choose a less common password.',
  enterEmail: 'Please enter your email address.',
  invalidResetToken: 'Invalid or expired reset token.',
  noAccessToken: 'No access token available.',
  loginFailed: 'Login failed',
  googleLoginFailed: 'Google login failed',
  invalidCredentials: 'Invalid email or password.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a moment and try again.',
  forgotPasswordSent: 'If this email exists in our system, check your email for the reset link.',
  resetDone: 'Your password has been reset. Please log in with your new password.',
  passwordSet: 'Your password has been updated.',
  currentPasswordRequired: 'Please enter your current password.',
  currentPasswordWrong: 'Your current password is incorrect.',
  mayNotSetPassword:
    'You can change only your own password. Anyone else changes theirs with Reset Password on the sign-in page.',
  alreadyHasLogin:
    'This holder already has a login. They can reset their password with Forgot Password.',
  noSuchHolder: 'No active shareholder has this e-mail address.',
  invalidRefreshToken: 'Invalid or expired refresh token.',
  redirectUnavailable: 'Redirect authentication is not available in this context.',
  redirectNotAllowed: 'This return address is not allowed.',
  googleUnavailable: 'Google sign-in is not available on this server.',
  googleNoAccount:
    'No shareholder uses this Google address. Sign in with the e-mail your company has on file, or ask your administrator.',
  // Web-only (spec section 8).
  popupBlocked: 'Popup window blocked. Please allow popups for this site and try again.',
  popupFailed: 'Authentication failed',
  popupCancelled: 'Authentication cancelled by user',
  popupTimeout: 'Authentication timeout. Please try again.',
  resetRequestFailed: 'Failed to send reset email. Please try again.',
  resetRequestError: 'An error occurred. Please try again.',
  resetRequestSuccess:
    "Check your email for reset instructions. If you don't see it, check your spam folder.",
  noTokenInUrl: 'No reset token found in URL. Please use the link from your email.',
  tokenInvalidPage: 'Invalid or expired reset token. Please request a new password reset.',
  tokenValidateError:
    'Error validating reset token. Please try again or request a new password reset.',
  resetFailed: 'Failed to reset password. Please try again.',
  resetError: 'Error resetting password. Please try again.',
  resetSuccess: 'Password reset successfully! Redirecting to login page...',
  updateFailed: 'Failed to update password. Please try again.',
  updateError: 'An error occurred while updating your password. Please try again.',
  updateSuccess: 'Password successfully updated. You will receive an email confirmation.',
} as const;

/** Change Password names another e-mail than the signed-in user's own. */
export const onlyOwnPasswordMessage = (ownEmail: string) =>
  `You can change only your own password here: enter your own e-mail address, ${ownEmail}. ` +
  'Anyone else changes theirs with Reset Password on the sign-in page.';

/**
 * A new password's rules (spec section 5), counted in characters, not UTF-16 units (an emoji is
 * one): the web says them before sending, the server checks again (and the common list).
 */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (password !== confirmation) return authMessages.passwordsDoNotMatch;
  const length = [...password].length;
  if (length < PASSWORD_MIN) return authMessages.passwordTooShort;
  if (length > PASSWORD_MAX) return authMessages.passwordTooLong;
  return null;
}

/**
 * What a failed Google sign-in tells the user, from the `error` the server put in the return
 * address: the server's own explanations as such, anything else as the spec's text for the place
 * (the popup's "Authentication failed", the login page's "Google login failed").
 */
export function googleFailureMessage(error: string | null, fallback: string): string {
  if (error === 'unavailable') return authMessages.googleUnavailable;
  if (error === 'signup_disabled' || error === 'no_account') return authMessages.googleNoAccount;
  if (error === 'access_denied') return authMessages.popupCancelled;
  return fallback;
}

/** What /auth-popup.html posts to its opener: the outcome only, never a token. */
export const popupMessageType = 'registry-auth-popup';
export type PopupOutcome = 'success' | 'error' | 'cancel';

/** POST /api/v1/userInfo: the session user (spec section 3, "Session user"). */
export const userInfoPath = '/api/v1/userInfo';
