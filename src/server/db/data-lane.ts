import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { AppError } from '../http/app-error';
import type { Db, Tx } from './database';
import { pipelinedLedgerTransactions, sequentialLedgerTransactions } from './ledger-transaction';
import { ScopeBusy, ScopeLocks } from './scope-locks';
import { Deadline, TimeBudgetExceeded, type DataLimits } from './deadline';
import { pause, PAUSE_MS, SLICE_MS, slicedWrite } from './sliced-write';
import type { WritePlan } from './write-plan';
import { inCauses } from './sql';
import * as schema from './schema';

// The data layer's way to the database (features/data-api): there a caller chooses how much
// work a request is (10,000 records, a statement per record), so each request gets a budget of
// database time, all told, and shares the database with sign-in, health and the ledger. Issue 23.

export const DATA_LIMITS: DataLimits = { budgetMs: 10_000, statementTimeoutMs: 5_000 };
/** On PGlite a statement holds the only connection: at most this many rows in one. */
const PGLITE_ROWS_PER_STATEMENT = 250;
/** The data layer's own connections on PostgreSQL; the main pool keeps its 10 for the rest. */
export const DATA_POOL_SIZE = 4;

export { Deadline, TimeBudgetExceeded, type DataLimits } from './deadline';
export type { WritePlan, WriteStep } from './write-plan';

export interface DataLane {
  /** At most this many rows in one statement (PGlite holds its one connection while it runs). */
  readonly rowsPerStatement: number;
  /** A read-only transaction. `scope` (the organization) is what concurrent writes exclude. */
  read<T>(scope: string, work: (tx: Tx) => Promise<T>): Promise<T>;
  /** One read-only statement's rows (in one round trip on PostgreSQL). */
  readRows<T>(scope: string, statement: SQL): Promise<T[]>;
  /** A short write in one transaction (one record, an action). */
  write<T>(scope: string, work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * The plan's checks, then its steps in order: all written, or none (TimeBudgetExceeded when the
   * budget runs out first). Each step's result, in order.
   */
  writeSteps<R>(scope: string, plan: WritePlan<R>): Promise<R[]>;
}

/** A data read's transaction: read only, each statement bounded by what is left of the budget. */
export const readOnlySettings = (deadline: Deadline): SQL =>
  sql`select set_config('transaction_read_only', 'on', true),
             set_config('statement_timeout', ${String(deadline.statementTimeout())}, true)`;
const writeSettings = (deadline: Deadline): SQL =>
  sql`select set_config('statement_timeout', ${String(deadline.statementTimeout())}, true)`;

/** A plan this small runs in one transaction on PGlite too (a few milliseconds). */
const isSmall = (plan: WritePlan<unknown>, rows: number) =>
  plan.checks.length + plan.steps.length <= 4 &&
  plan.steps.reduce((n, step) => n + step.ids.length, 0) <= rows;

/**
 * Runs the checks and steps in one transaction, each within what is left of the budget. With
 * `taking` turns (PostgreSQL), after each SLICE_MS of them the thread is left to other requests
 * for PAUSE_MS: the data layer's statements are the JavaScript thread's work too.
 */
export async function runPlan<R>(
  tx: Tx,
  deadline: Deadline,
  plan: WritePlan<R>,
  takingTurns = false,
): Promise<R[]> {
  let timeout = deadline.statementTimeout();
  let turn = performance.now();
  const inTime = async () => {
    if (takingTurns && performance.now() - turn >= SLICE_MS) {
      await pause(PAUSE_MS);
      turn = performance.now();
    }
    deadline.check();
    if (deadline.statementTimeout() < timeout) {
      timeout = deadline.statementTimeout();
      await tx.execute(sql`select set_config('statement_timeout', ${String(timeout)}, true)`);
    }
  };
  for (const check of plan.checks) {
    await inTime();
    await check(tx);
  }
  const results: R[] = [];
  for (const step of plan.steps) {
    await inTime();
    results.push(await step.run(tx));
  }
  return results;
}

/** A statement cancelled by the timeout the budget set is the budget's refusal. */
const isStatementTimeout = (err: unknown) =>
  inCauses(err, (e) => (e as { code?: unknown }).code === '57014');

/**
 * PostgreSQL: the data layer's own small pool, so that however many data requests run, the main
 * pool's connections stay free for sign-in, health and the ledger. Every request is one
 * transaction; MVCC keeps concurrent readers from seeing a write before it commits.
 */
export function postgresDataLane(pool: pg.Pool, limits = DATA_LIMITS): DataLane {
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  const oneTrip = pipelinedLedgerTransactions(pool);
  const inTransaction = <T>(
    settings: (d: Deadline) => SQL,
    work: (tx: Tx, d: Deadline) => Promise<T>,
  ): Promise<T> => {
    const deadline = new Deadline(limits);
    return busyAsRefusal(() =>
      db.transaction(async (tx) => {
        await tx.execute(settings(deadline));
        return work(tx, deadline);
      }),
    );
  };
  return {
    rowsPerStatement: 10_000,
    read: (_scope, work) => inTransaction(readOnlySettings, (tx) => work(tx)),
    readRows: async <T>(_scope: string, statement: SQL) => {
      const deadline = new Deadline(limits);
      const [, found] = await busyAsRefusal(() =>
        oneTrip((t) => t.finish([readOnlySettings(deadline), statement])),
      );
      return found as T[];
    },
    write: (_scope, work) => inTransaction(writeSettings, (tx) => work(tx)),
    writeSteps: (_scope, plan) =>
      inTransaction(writeSettings, async (tx, deadline) => {
        try {
          return await runPlan(tx, deadline, plan, true);
        } catch (err) {
          throw isStatementTimeout(err) ? new TimeBudgetExceeded(deadline.budgetMs) : err;
        }
      }),
  };
}

/** Every data connection busy for the pool's 2 s: 503, the data layer's own words. */
async function busyAsRefusal<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const connectTimeout = (e: object) =>
      /timeout exceeded when trying to connect/i.test((e as { message?: string }).message ?? '');
    if (inCauses(err, connectTimeout)) throw dataBusy();
    throw err;
  }
}

const dataBusy = () =>
  new AppError({
    code: 'DB.BUSY',
    message:
      'The database API is busy with other requests. Nothing was written; please try again shortly.',
  });

/**
 * PGlite (one connection for everything): a data request waits for no longer than its budget
 * for its organization's data (reads share it, a write of several statements takes it alone),
 * and a write of several steps runs in slices of a few tens of milliseconds, pausing between
 * them so that other requests' statements get the connection (db/sliced-write.ts).
 */
export function pgliteDataLane(db: Db, limits = DATA_LIMITS): DataLane {
  const locks = new ScopeLocks();
  const oneTrip = sequentialLedgerTransactions(db);
  const scoped = <T>(
    scope: string,
    mode: 'shared' | 'exclusive',
    work: (d: Deadline) => Promise<T>,
  ): Promise<T> => {
    const deadline = new Deadline(limits);
    return locks
      .with(scope, mode, deadline.budgetMs, () => work(deadline))
      .catch((err: unknown) => {
        throw err instanceof ScopeBusy ? dataBusy() : err;
      });
  };
  const inTransaction = <T>(
    settings: (d: Deadline) => SQL,
    d: Deadline,
    work: (tx: Tx) => Promise<T>,
  ) =>
    db.transaction(async (tx) => {
      await tx.execute(settings(d));
      return work(tx);
    });
  return {
    rowsPerStatement: PGLITE_ROWS_PER_STATEMENT,
    read: (scope, work) => scoped(scope, 'shared', (d) => inTransaction(readOnlySettings, d, work)),
    readRows: (scope, statement) =>
      scoped(scope, 'shared', async (d) => {
        const [, found] = await oneTrip((t) => t.finish([readOnlySettings(d), statement]));
        return found as never;
      }),
    write: (scope, work) => scoped(scope, 'shared', (d) => inTransaction(writeSettings, d, work)),
    writeSteps: (scope, plan) =>
      scoped(scope, 'exclusive', (d) =>
        isSmall(plan, PGLITE_ROWS_PER_STATEMENT)
          ? inTransaction(writeSettings, d, (tx) => runPlan(tx, d, plan))
          : slicedWrite(db, d, plan),
      ),
  };
}
