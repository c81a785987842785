import { isWebRoutePath } from '../../contract/web-routes';
import type { Auth } from './auth';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Mailer } from '../mail/mailer';

/** What the sign-in use cases need. */
export interface AuthFeatureDeps {
  auth: Auth;
  db: Db;
  config: Config;
  mailer: Mailer;
}

/**
 * A URL given by a client counts only when it is one of the app's own pages on its own origin
 * (OAU-04): `http://app//evil.example/x` is on our origin, but its path would send a browser
 * away once used as a Location. The page is rebuilt from PUBLIC_URL and the path; else fallback.
 */
export function ownOriginUrl(
  config: Config,
  candidate: string | undefined,
  fallback: string,
): string {
  if (!candidate || !URL.canParse(candidate, config.publicUrl)) return fallback;
  const url = new URL(candidate, config.publicUrl);
  if (url.origin !== new URL(config.publicUrl).origin) return fallback;
  if (!isWebRoutePath(url.pathname)) return fallback;
  return `${config.publicUrl}${url.pathname}${url.search}`;
}

export const isTruthy = (v: string | undefined): boolean => v === 'true' || v === '1';
