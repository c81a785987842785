import type { Logger } from 'pino';
import type { Database } from './open-database';

export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

const reasonOf = (err: unknown): string => {
  const e = err as { code?: string; message?: string; errors?: unknown[] };
  // node's AggregateError (IPv4 and IPv6 both refused) carries the useful message inside.
  if (Array.isArray(e.errors) && e.errors.length > 0) return reasonOf(e.errors[0]);
  return e.message || e.code || String(err);
};

/**
 * Start-up only: pings the database until it answers, one log line per failed attempt, for at
 * most `seconds`; then throws a DatabaseUnreachableError whose message is one line.
 */
export async function waitForDatabase(
  database: Database,
  opts: { seconds: number; log: Logger; intervalMs?: number },
): Promise<void> {
  const interval = opts.intervalMs ?? 2000;
  const deadline = Date.now() + opts.seconds * 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      await database.ping();
      return;
    } catch (err) {
      const reason = reasonOf(err);
      const left = Math.ceil((deadline - Date.now()) / 1000);
      if (left <= 0) {
        throw new DatabaseUnreachableError(
          `The database does not answer after ${opts.seconds} s (${attempt} attempts): ${reason}`,
        );
      }
      opts.log.warn(
        { attempt, reason },
        `database not reachable (${reason}); retrying in ${interval / 1000} s, giving up in ${left} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, Math.min(interval, left * 1000)));
    }
  }
}
