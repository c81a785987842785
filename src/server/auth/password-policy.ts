import { readFileSync } from 'node:fs';
import { authMessages, PASSWORD_MAX, PASSWORD_MIN } from '../../contract/auth';

let common: Set<string> | undefined;

/** The bundled list of the 10,000 most common passwords (works offline; checklist AUTH-02). */
export function commonPasswords(): Set<string> {
  if (!common) {
    const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
    common = new Set(
      text
        .split('\n')
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => l.toLowerCase()),
    );
  }
  return common;
}

/**
 * The one password rule set, applied at every entry point (reset, change, initial password):
 * 8 to 128 characters (counted as Unicode code points, no composition rules), not on the list.
 * Returns the message to show, or null when the password is acceptable.
 */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return authMessages.passwordTooShort;
  if (length > PASSWORD_MAX) return authMessages.passwordTooLong;
  if (commonPasswords().has(password.toLowerCase())) return authMessages.passwordTooCommon;
  return null;
}
