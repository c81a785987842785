import { AppError } from '../../http/app-error';

/** At most this many bulk requests are read, checked and written at once in this process. */
export const BULK_AT_ONCE = 1;
/** How long a bulk request waits for its turn before it is refused (503, nothing written). */
export const BULK_WAIT_MS = 10_000;

const busy = () =>
  new AppError({
    code: 'DB.BUSY',
    message: 'Too many bulk requests are running. Nothing was written; please try again shortly.',
  });

/**
 * Turns for bulk requests, first come first served: `take()` waits for one (at most `waitMs`,
 * then 503) and gives the function that hands it back (calling it again does nothing).
 * Reading and checking 10,000 records is a few hundred milliseconds of the one JavaScript
 * thread; twelve at once left sign-in and /healthz waiting seconds for it (issue 23).
 */
export function bulkTurns(atOnce = BULK_AT_ONCE, waitMs = BULK_WAIT_MS) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const handBack = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  const once = () => {
    let given = false;
    return () => {
      if (!given) handBack();
      given = true;
    };
  };
  return {
    take(): Promise<() => void> {
      if (running < atOnce) {
        running++;
        return Promise.resolve(once());
      }
      return new Promise((resolve, reject) => {
        const start = () => {
          clearTimeout(timer);
          resolve(once());
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(start), 1);
          reject(busy());
        }, waitMs);
        waiting.push(start);
      });
    },
  };
}
