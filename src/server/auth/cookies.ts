import { SESSION_COOKIE_PREFIX } from './auth';

/** The browser session cookie (better-auth's, prefixed; `__Secure-` is added over HTTPS). */
export const SESSION_COOKIE = `${SESSION_COOKIE_PREFIX}.session_token`;
const SESSION_COOKIE_NAMES = [SESSION_COOKIE, `__Secure-${SESSION_COOKIE}`];

/**
 * The one reader of the `Cookie` header (the CSRF check, the session reader, the sign-in's device
 * cookie): pairs split at `;`, name and value trimmed, the first pair of a name wins, values kept
 * as sent (not decoded). It reads as better-auth's own endpoints do (better-call's parser), so that
 * whatever one of them takes for a session, the CSRF check takes for one too.
 */
export function readCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    if (name && !cookies.has(name)) cookies.set(name, unquote(pair.slice(eq + 1).trim()));
  }
  return cookies;
}

const unquote = (value: string) => (value.startsWith('"') ? value.slice(1, -1) : value);

/** Whether the header carries a session cookie under either of its names (an ambient credential). */
export const hasSessionCookie = (header: string | undefined): boolean => {
  const cookies = readCookies(header);
  return SESSION_COOKIE_NAMES.some((name) => cookies.has(name));
};
