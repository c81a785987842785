import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readCookies } from './cookies';

/**
 * OWASP's device cookies against lock-out abuse: a browser that signed in to an account before
 * carries a cookie signed for that account, and its failed guesses are counted on their own. An
 * attacker's guesses from elsewhere slow down only untrusted clients, never the owner's browser.
 */
export const DEVICE_COOKIE = 'registry.device';
const MAX_AGE_SECONDS = 180 * 24 * 3600;

const sign = (secret: string, email: string, nonce: string) =>
  createHmac('sha256', secret).update(`device|${email}|${nonce}`).digest('base64url');

/** The Set-Cookie value that makes this browser a known device of the account. */
export function deviceCookie(secret: string, email: string, secure: boolean): string {
  const nonce = randomBytes(16).toString('base64url');
  const value = `${nonce}.${sign(secret, email, nonce)}`;
  return [
    `${DEVICE_COOKIE}=${value}`,
    'Path=/auth',
    `Max-Age=${MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The device's id when the request carries a device cookie signed for this account, else null. */
export function trustedDevice(
  secret: string,
  cookieHeader: string | undefined,
  email: string,
): string | null {
  const match = /^([\w-]+)\.([\w-]+)$/.exec(readCookies(cookieHeader).get(DEVICE_COOKIE) ?? '');
  if (!match) return null;
  const [, nonce, signature] = match as unknown as [string, string, string];
  const expected = Buffer.from(sign(secret, email, nonce));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}
