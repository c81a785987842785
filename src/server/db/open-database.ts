import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DATA_POOL_SIZE, pgliteDataLane, postgresDataLane, type DataLane } from './data-lane';
import {
  pipelinedLedgerTransactions,
  sequentialLedgerTransactions,
  type LedgerTransactionRunner,
} from './ledger-transaction';
import { listenOnPostgres, type ListenHandlers, type ListenerLog } from './notification-listener';
import { migrationsFolder, type Db } from './database';
import * as schema from './schema';
import { undoUnfinishedWrites } from './sliced-write';

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Runs `work` in one ledger transaction, retried on a serialization failure or deadlock:
   * pipelined on PostgreSQL, sequential on PGlite (the one place that knows which).
   */
  ledgerTransaction: LedgerTransactionRunner;
  /**
   * The data layer's way in: a budget of database time per request, and its own share of the
   * database (a pool of its own on PostgreSQL; short slices on PGlite). db/data-lane.ts.
   */
  dataLane: DataLane;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Applies every committed migration (idempotent), then undoes data writes a crash cut short. */
  migrate(): Promise<void>;
  /**
   * Hears NOTIFY on `channel` (a constant of ours) until the returned function is called; tells
   * whether it is listening, so that what relies on the notices can stop relying on them.
   */
  listen(
    channel: string,
    handlers: ListenHandlers,
    log?: ListenerLog,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The embedded instance, when there is one. */
  pglite?: PGlite;
  pool?: pg.Pool;
}

interface Logger {
  error(obj: object, msg: string): void;
}

/**
 * Embedded PostgreSQL (PGlite) in dataDir, or in memory when dataDir is undefined; a new one
 * starts from `image` (what PGlite's `dumpDataDir` gave) when given, as the tests' databases do.
 */
export async function openPglite(dataDir: string | undefined, image?: Blob): Promise<Database> {
  // pg_trgm backs the directory's name search (migration 0008), as on PostgreSQL.
  const options = { extensions: { pg_trgm }, ...(image ? { loadDataDir: image } : {}) };
  const client = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    ledgerTransaction: sequentialLedgerTransactions(db),
    dataLane: pgliteDataLane(db),
    pglite: client,
    ping: async () => {
      await client.query('select 1');
    },
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
      await undoUnfinishedWrites(db);
    },
    listen: async (channel, handlers) => {
      // Embedded: this process is the only writer, and PGlite delivers its own notices.
      const unlisten = await client.listen(channel, (payload) => handlers.notice(payload));
      handlers.listening(true);
      return async () => {
        handlers.listening(false);
        if (!client.closed) await unlisten();
      };
    },
    close: async () => {
      if (client.closed) return;
      // PGlite runs with fsync off: a checkpoint before closing leaves a clean data dir.
      await client.exec('CHECKPOINT');
      await client.close();
    },
  };
}

/** What a caller may add to the pools' configuration: the bench's recording client (pg-pool's `Client`). */
export type PoolExtras = Pick<pg.PoolConfig, 'Client'>;

function openPool(
  connectionString: string,
  max: number,
  opts: { log?: Logger; settings?: string; extras?: PoolExtras },
): pg.Pool {
  const { log, settings = '', extras } = opts;
  const pool = new pg.Pool({
    ...extras,
    connectionString,
    // pg's documented pipelining: statements given together go out together
    // (db/pipelined-transaction.ts); code that awaits each statement behaves as without it.
    pipeline: true,
    max,
    // The pg default of 0 waits forever for a connection; fail fast and answer 503 instead.
    connectionTimeoutMillis: 2000,
    options: `-c statement_timeout=5000 -c idle_in_transaction_session_timeout=10000${settings}`,
  });
  // An unhandled 'error' on an idle pool client or a checked-out client kills the process.
  // The SQLSTATE is repeated outside `err`, whose `code` the log redaction hides (`*.code`).
  const sqlState = (err: Error) => (err as { code?: string }).code;
  pool.on('error', (err) => log?.error({ err, sqlState: sqlState(err) }, 'postgres pool error'));
  pool.on('connect', (client) => {
    client.on('error', (err) =>
      log?.error({ err, sqlState: sqlState(err) }, 'postgres client error'),
    );
  });
  return pool;
}

export function openPostgres(
  connectionString: string,
  log?: Logger,
  extras?: PoolExtras,
): Database {
  const pool = openPool(connectionString, 10, { log, extras });
  // However many data-layer requests run, they hold at most these; the 10 above stay for
  // sign-in, health and the ledger (issue 23).
  const dataPool = openPool(connectionString, DATA_POOL_SIZE, {
    log,
    extras,
    // The data layer's statements carry their lists as one jsonb parameter, whose length only a
    // plan made for the call can see (a cached generic plan made 1,000-row updates 15x slower).
    settings: ' -c plan_cache_mode=force_custom_plan',
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    ledgerTransaction: pipelinedLedgerTransactions(pool),
    dataLane: postgresDataLane(dataPool),
    pool,
    ping: async () => {
      await pool.query('select 1');
    },
    migrate: () => migratePg(db as never, { migrationsFolder }),
    listen: async (channel, handlers, listenerLog) =>
      listenOnPostgres(connectionString, channel, handlers, listenerLog),
    close: async () => {
      await Promise.all([pool.end(), dataPool.end()]);
    },
  };
}

export async function openDatabase(
  opts: { databaseUrl: string | undefined; dataDir: string | undefined },
  log?: Logger,
): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, log) : openPglite(opts.dataDir);
}
