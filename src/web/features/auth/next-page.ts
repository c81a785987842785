import { isWebRoutePath, publicWebRoutes, webRoutes } from '../../../contract/web-routes';

/** The sign-in page's parameter naming the page to open once signed in. */
export const NEXT_PARAM = 'next';

// Any URL on this base is a path of this app; a different origin after parsing means the text
// named another site ("//evil.example", "https://...", "/\evil.example").
const BASE = 'http://registry.invalid';

const isControl = (c: string) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f;

/**
 * The page to open after signing in, from what the user asked for: a page of this app (its path,
 * query and hash) other than the sign-in pages, or null. Never another site, an API path or a
 * page that does not exist, so the parameter cannot be used to send anyone elsewhere.
 */
export function nextPage(asked: string | null): string | null {
  // Backslashes and control characters are read as slashes or dropped by URL parsers.
  if (!asked?.startsWith('/') || asked.includes('\\') || [...asked].some(isControl)) return null;
  let url: URL;
  try {
    url = new URL(asked, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (!isWebRoutePath(url.pathname) || publicWebRoutes.includes(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page named by a sign-in page's address (its `search`), or null. */
export const nextFromSearch = (search: string): string | null =>
  nextPage(new URLSearchParams(search).get(NEXT_PARAM));

/** Where a signed-out user who asked for `asked` signs in: /login, keeping the page for after. */
export function loginFor(asked: string): string {
  const next = nextPage(asked);
  if (!next || next === webRoutes.home) return webRoutes.login;
  return `${webRoutes.login}?${NEXT_PARAM}=${encodeURIComponent(next)}`;
}
