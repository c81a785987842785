import { AppError } from '../http/app-error';

export interface PdfLimits {
  /** Renders in this process at once (each is the one JavaScript thread's work). */
  atOnce: number;
  /** Renders of one user at once. */
  perUserAtOnce: number;
  /** Renders one user may start in a minute. */
  perUserPerMinute: number;
}
export const PDF_LIMITS: PdfLimits = { atOnce: 2, perUserAtOnce: 1, perUserPerMinute: 10 };

const MINUTE_MS = 60_000;
/** What a caller refused because of renders in progress is told to wait (one render's time). */
const BUSY_RETRY_SECONDS = 2;
/** Past this many users remembered, those with nothing in the last minute are forgotten. */
const SWEEP_AT = 1000;

const limited = (reason: string, seconds: number) =>
  new AppError({
    code: 'STATEMENT.PDF_LIMITED',
    message: `${reason} Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    retryAfter: seconds,
  });

interface UserRenders {
  running: number;
  /** When this user's renders of the last minute started (ms), oldest first. */
  started: number[];
}

/**
 * A PDF route's limits in this process, each route its own (issue 23: one holder's eight
 * parallel statement downloads slowed /healthz to 0.8 s): a render over any limit is refused at
 * once with 429 and the seconds to wait (Retry-After), never queued. `render(user, work)` runs `work` within them.
 */
export function pdfRenderLimits(
  limits: PdfLimits = PDF_LIMITS,
  now: () => number = Date.now,
  /** What is rendered, as the refusal words it: one, and several. */
  what: { one: string; many: string } = { one: 'PDF statement', many: 'PDF statements' },
) {
  let running = 0;
  const users = new Map<string, UserRenders>();
  const sweep = (at: number) => {
    for (const [user, u] of users)
      if (u.running === 0 && u.started.every((s) => at - s >= MINUTE_MS)) users.delete(user);
  };
  const admit = (user: string): UserRenders => {
    const at = now();
    if (users.size > SWEEP_AT) sweep(at);
    const u = users.get(user) ?? { running: 0, started: [] };
    users.set(user, u);
    u.started = u.started.filter((s) => at - s < MINUTE_MS);
    if (u.started.length >= limits.perUserPerMinute)
      throw limited(
        `You have asked for ${limits.perUserPerMinute} ${what.many} in the last minute.`,
        Math.max(1, Math.ceil((u.started[0]! + MINUTE_MS - at) / 1000)),
      );
    if (u.running >= limits.perUserAtOnce)
      throw limited(`Your previous ${what.one} is still being made.`, BUSY_RETRY_SECONDS);
    if (running >= limits.atOnce)
      throw limited(`Too many ${what.many} are being made right now.`, BUSY_RETRY_SECONDS);
    u.started.push(at);
    return u;
  };
  return async <T>(user: string, work: () => Promise<T>): Promise<T> => {
    const u = admit(user);
    running++;
    u.running++;
    try {
      return await work();
    } finally {
      running--;
      u.running--;
    }
  };
}
