import type { Auth } from '../../auth/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Mailer } from '../../mail/mailer';

/** What the sign-in use cases need. */
export interface AuthFeatureDeps {
  auth: Auth;
  db: Db;
  config: Config;
  mailer: Mailer;
}

/** A URL given by a client counts only on the app's own origin; else the fallback. */
export function ownOriginUrl(
  config: Config,
  candidate: string | undefined,
  fallback: string,
): string {
  if (!candidate || !URL.canParse(candidate, config.publicUrl)) return fallback;
  const url = new URL(candidate, config.publicUrl);
  return url.origin === new URL(config.publicUrl).origin ? url.href : fallback;
}

export const isTruthy = (v: string | undefined): boolean => v === 'true' || v === '1';
