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

/** What is rendered, as a refusal words it: one, and several. */
export interface PdfKind {
  one: string;
  many: string;
}
export const PDF_STATEMENTS: PdfKind = { one: 'PDF statement', many: 'PDF statements' };
export const PDF_CERTIFICATES: PdfKind = { one: 'PDF certificate', many: 'PDF certificates' };

export type PdfRender = <T>(user: string, work: () => Promise<T>, what?: PdfKind) => Promise<T>;

/**
 * The PDF renders of this process, one set of limits for every PDF route (issue 23: one holder's
 * eight parallel statement downloads slowed /healthz to 0.8 s): a render over any limit is
 * refused at once with 429 and the seconds to wait (Retry-After), never queued.
 * `render(user, work, what)` runs `work` within them; app.ts makes one and gives it to each route.
 */
export function pdfRenderLimits(
  limits: PdfLimits = PDF_LIMITS,
  now: () => number = Date.now,
): PdfRender {
  let running = 0;
  const users = new Map<string, UserRenders>();
  const sweep = (at: number) => {
    for (const [user, u] of users)
      if (u.running === 0 && u.started.every((s) => at - s >= MINUTE_MS)) users.delete(user);
  };
  const admit = (user: string, what: PdfKind): UserRenders => {
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
  return async <T>(user: string, work: () => Promise<T>, what = PDF_STATEMENTS): Promise<T> => {
    const u = admit(user, what);
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
