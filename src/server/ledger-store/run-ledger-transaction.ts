import pg from 'pg';
import type { Db, Tx } from '../db/database';
import { AppError } from '../http/app-error';
import {
  checkPrecondition,
  PipelinedTransaction,
  type Precondition,
} from './pipelined-transaction';
import { inCauses, rows } from './sql';

/** At most this many attempts when PostgreSQL reports a serialization failure or a deadlock. */
export const MAX_ATTEMPTS = 5;

const RETRYABLE = new Set(['40001', '40P01']);

export const isRetryable = (err: unknown): boolean =>
  inCauses(err, (e) => {
    const code = (e as { code?: unknown }).code;
    return typeof code === 'string' && RETRYABLE.has(code);
  });

/**
 * The pause before attempt `attempt + 1`: "full jitter" over an exponential cap (20, 40, 80,
 * 160 ms), so requests that collided once do not collide again in step.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  return random() * 10 * 2 ** attempt;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` in one database transaction, retrying a serialization failure or deadlock with
 * jittered exponential backoff (checklist DUR-05). Each attempt starts from scratch, so nothing
 * of a failed attempt is kept; after MAX_ATTEMPTS the caller gets DB.BUSY (503), nothing written.
 */
export async function runLedgerTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  opts: {
    onRetry?: (attempt: number, err: unknown) => void;
    /** Tests observe the pauses through this. */
    sleep?: (ms: number) => Promise<void>;
    /**
     * Runs once, before the first attempt and outside its transaction (on PostgreSQL in the same
     * round trip as BEGIN); when it does not hold, the attempt stops with PreconditionFailed and
     * nothing of it is written.
     */
    precondition?: Precondition;
  } = {},
): Promise<T> {
  const pool = (db as { $client?: unknown }).$client;
  let precondition = opts.precondition;
  const once = async () => {
    const first = precondition;
    precondition = undefined;
    if (pool instanceof pg.Pool) return runPipelined(pool, work, first);
    if (first) checkPrecondition(first, await rows(db, first.statement));
    return db.transaction(work);
  };
  for (let attempt = 1; ; attempt++) {
    try {
      return await once();
    } catch (err) {
      // A failure after COMMIT took (reading the new numbers) must not post the operation twice.
      if (!isRetryable(err) || (err as { committed?: boolean }).committed) throw err;
      if (attempt >= MAX_ATTEMPTS) {
        throw new AppError(
          'DB.BUSY',
          'The ledger is busy. Nothing was recorded; please try again.',
          undefined,
          { attempts: String(attempt) },
        );
      }
      opts.onRetry?.(attempt, err);
      await (opts.sleep ?? sleep)(retryDelayMs(attempt));
    }
  }
}

/** One attempt on a pooled PostgreSQL connection, BEGIN and COMMIT sent with other statements. */
async function runPipelined<T>(
  pool: pg.Pool,
  work: (tx: Tx) => Promise<T>,
  precondition: Precondition | undefined,
): Promise<T> {
  const client = await pool.connect();
  const transaction = new PipelinedTransaction(client, precondition);
  let broken: Error | undefined;
  try {
    const value = await work(transaction.tx);
    await transaction.commit();
    return value;
  } catch (err) {
    await transaction.rollback().catch((e: unknown) => {
      broken = e instanceof Error ? e : new Error(String(e));
    });
    throw err;
  } finally {
    // A connection that could not roll back is closed rather than pooled.
    client.release(broken);
  }
}
