/** Session limits in seconds (checklist SES-03); bearer access tokens never slide. */
export const SESSION_LIMITS = {
  administrator: { idle: 15 * 60, absolute: 8 * 3600 },
  shareholder: { idle: 30 * 60, absolute: 24 * 3600 },
  accessToken: 15 * 60,
};

// A read-only session sees the whole company, as an administrator's does: the same limits.
const limitsFor = (role: string | null) =>
  role === 'administrator' || role === 'read-only'
    ? SESSION_LIMITS.administrator
    : SESSION_LIMITS.shareholder;

/** When a browser session used now expires: the role's idle limit, capped by its absolute one. */
export function sessionExpiry(role: string | null, createdAt: Date, now: number): Date {
  const limits = limitsFor(role);
  return new Date(Math.min(now + limits.idle * 1000, createdAt.getTime() + limits.absolute * 1000));
}

/**
 * Whether a session whose stored expiry is `stored` must be written with `next`. Shortening always
 * counts (a promotion to administrator tightens the limits at once); lengthening only past a few
 * seconds, so a burst of requests on one session does not rewrite its row every time. The session
 * can then end at most this much before its exact idle limit, never after.
 */
export const REFRESH_SLACK_MS = 5_000;
export const mustRewriteExpiry = (stored: Date, next: Date): boolean =>
  next.getTime() < stored.getTime() || next.getTime() - stored.getTime() > REFRESH_SLACK_MS;
