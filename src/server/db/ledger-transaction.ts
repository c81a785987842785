import type { SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Db, Tx } from './database';
import { AppError } from '../http/app-error';
import {
  checkPrecondition,
  PipelinedTransaction,
  type Precondition,
} from './pipelined-transaction';
import { inCauses, rows } from './sql';

/**
 * One ledger transaction as the ledger's code sees it, whatever the backend: statements given
 * together go out together where the backend can (one round trip on PostgreSQL), one after
 * another on PGlite.
 */
export interface LedgerTransaction {
  /** A drizzle handle on the transaction, for code that sends one statement at a time. */
  readonly tx: Tx;
  /** Runs the statements in order inside the transaction; every one's rows. */
  send(statements: SQL[]): Promise<unknown[][]>;
  /**
   * The transaction's last statements: on PostgreSQL they leave with COMMIT, in one round trip,
   * and nothing may use the transaction after them; elsewhere the commit follows when `work` ends.
   */
  finish(statements: SQL[]): Promise<unknown[][]>;
}

export interface LedgerTransactionOptions {
  onRetry?: (attempt: number, err: unknown) => void;
  /** Tests observe the pauses through this. */
  sleep?: (ms: number) => Promise<void>;
  /**
   * Runs once, before the first attempt and outside its transaction (on PostgreSQL in the same
   * round trip as BEGIN); when it does not hold, the attempt stops with PreconditionFailed and
   * nothing of it is written.
   */
  precondition?: Precondition;
}

export type LedgerTransactionRunner = <T>(
  work: (t: LedgerTransaction) => Promise<T>,
  opts?: LedgerTransactionOptions,
) => Promise<T>;

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
 * Runs attempts until one succeeds, retrying a serialization failure or deadlock with jittered
 * exponential backoff (checklist DUR-05). Each attempt starts from scratch, so nothing of a
 * failed attempt is kept; after MAX_ATTEMPTS the caller gets DB.BUSY (503), nothing written.
 * The precondition goes with the first attempt only.
 */
async function withRetries<T>(
  attempt: (precondition: Precondition | undefined) => Promise<T>,
  opts: LedgerTransactionOptions,
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n === 1 ? opts.precondition : undefined);
    } catch (err) {
      // A failure after COMMIT took must not post the operation twice.
      if (!isRetryable(err) || (err as { committed?: boolean }).committed) throw err;
      if (n >= MAX_ATTEMPTS) {
        throw new AppError({
          code: 'DB.BUSY',
          message: 'The ledger is busy. Nothing was recorded; please try again.',
          details: { attempts: String(n) },
        });
      }
      opts.onRetry?.(n, err);
      await (opts.sleep ?? sleep)(retryDelayMs(n));
    }
  }
}

/** PGlite (one connection): drizzle's own transaction, statements one after another. */
export function sequentialLedgerTransactions(db: Db): LedgerTransactionRunner {
  return (work, opts = {}) =>
    withRetries(async (precondition) => {
      if (precondition) checkPrecondition(precondition, await rows(db, precondition.statement));
      return db.transaction((tx) => {
        const send = async (statements: SQL[]) => {
          const results: unknown[][] = [];
          for (const statement of statements) results.push(await rows(tx, statement));
          return results;
        };
        return work({ tx, send, finish: send });
      });
    }, opts);
}

/** PostgreSQL: a pooled connection in pipeline mode, BEGIN and COMMIT sent with other statements. */
export function pipelinedLedgerTransactions(pool: pg.Pool): LedgerTransactionRunner {
  return (work, opts = {}) =>
    withRetries(async (precondition) => {
      const client = await pool.connect();
      const transaction = new PipelinedTransaction(client, precondition);
      let broken: Error | undefined;
      try {
        const value = await work({
          tx: transaction.tx,
          send: (statements) => transaction.send(statements),
          finish: (statements) => transaction.commitWith(statements),
        });
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
    }, opts);
}
