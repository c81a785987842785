import { authMessages, PASSWORD_MAX, PASSWORD_MIN } from '../../../contract/auth';

/** The client-side checks of spec section 5; the server checks again (and the common list). */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (password !== confirmation) return authMessages.passwordsDoNotMatch;
  const length = [...password].length;
  if (length < PASSWORD_MIN) return authMessages.passwordTooShort;
  if (length > PASSWORD_MAX) return authMessages.passwordTooLong;
  return null;
}
