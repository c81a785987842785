// Start-up: config, data-dir lock, database, listen, graceful shutdown. Nothing else.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/database';

const DRAIN_LIMIT_MS = 10_000;

/** Exits with `code` and the error's own one-line message when it is one of `kinds`. */
function exitOn(e: unknown, kinds: Array<new (...args: never[]) => Error>, code: number): void {
  if (!kinds.some((kind) => e instanceof kind)) return;
  console.error((e as Error).message);
  process.exit(code);
}

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (e) {
    exitOn(e, [ConfigError], 78);
    throw e;
  }
}

/** Locks the embedded data directory before anything slow: a second server exits at once. */
function lockOrExit(config: Config): () => void {
  if (config.databaseUrl) return () => {};
  try {
    return lockDataDir(config.dataDir);
  } catch (e) {
    exitOn(e, [DataDirLockedError], 75);
    throw e;
  }
}

async function main(): Promise<void> {
  let config = loadConfigOrExit();
  const unlock = lockOrExit(config);
  const [{ buildApp }, { readOrCreateSessionSecret }, { prepareDatabase }] = await Promise.all([
    import('./app'),
    import('./session-secret'),
    import('./prepare-database'),
  ]);
  if (!config.sessionSecret)
    config = { ...config, sessionSecret: readOrCreateSessionSecret(config.dataDir) };
  const database = await openReachableDatabase(config, unlock);
  const webDir = fileURLToPath(new URL('../../dist/web', import.meta.url));
  const app = await buildApp({ config, database, webDir });
  const prepared = await prepareDatabase({ config, database, log: app.log });
  onStopSignals(app, database, unlock);

  const address = await app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  const shown = config.port === 0 ? `http://localhost:${port}` : config.publicUrl;
  console.log(`\nShareholder registry is running at ${shown}`);
  // The one address whose sign-in works (the CSRF check and cookies are bound to PUBLIC_URL).
  console.log(`Open ${shown}`);
  console.log(
    `Database: ${database.kind === 'pglite' ? `embedded (PGlite) in ${join(config.dataDir)}` : 'PostgreSQL'}`,
  );
  for (const line of prepared.banner) console.log(line);
}

/**
 * Opens the database and waits for it a bounded time, one log line per attempt; unreachable,
 * the server stops with a one-line reason, exit 78 as for a bad setting (nothing a restart alone
 * would fix).
 */
async function openReachableDatabase(config: Config, unlock: () => void): Promise<Database> {
  const [
    { openDatabase },
    { redactPaths },
    { pino },
    { waitForDatabase, DatabaseUnreachableError },
  ] = await Promise.all([
    import('./db/database'),
    import('./logger'),
    import('pino'),
    import('./db/wait-for-database'),
  ]);
  // The pool's and its clients' 'error' events (a dropped connection) are logged, not fatal.
  const databaseLog = pino({
    level: config.logLevel,
    redact: { paths: redactPaths, censor: '[Redacted]' },
  }).child({ component: 'database' });
  const database = await openDatabase(
    { databaseUrl: config.databaseUrl, dataDir: config.dataDir },
    databaseLog,
  );
  try {
    await waitForDatabase(database, { seconds: config.databaseWaitSeconds, log: databaseLog });
  } catch (e) {
    if (e instanceof DatabaseUnreachableError) unlock();
    exitOn(e, [DatabaseUnreachableError], 78);
    throw e;
  }
  return database;
}

/**
 * SIGTERM and SIGINT stop accepting, let the requests in flight finish for at most 10 s (exit 0,
 * or 1 when the cap was hit), close the database and release the lock.
 */
function onStopSignals(app: FastifyInstance, database: Database, unlock: () => void): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    const drained = await drain(app);
    if (!drained) app.log.warn('drain took longer than 10 s; closing anyway');
    try {
      // PGlite: CHECKPOINT, then close (it runs with fsync off).
      await database.close();
      app.log.info({ database: database.kind }, 'database closed');
    } catch (err) {
      app.log.error({ err }, 'error while closing the database');
    }
    unlock();
    process.exit(drained ? 0 : 1);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Stops accepting and waits for the requests in flight, never more than the drain limit. */
async function drain(app: FastifyInstance): Promise<boolean> {
  let cap: NodeJS.Timeout | undefined;
  const drained = await Promise.race([
    app.close().then(
      () => true,
      (err: unknown) => {
        app.log.error({ err }, 'error while closing the server');
        return true;
      },
    ),
    new Promise<false>((resolve) => (cap = setTimeout(() => resolve(false), DRAIN_LIMIT_MS))),
  ]);
  clearTimeout(cap);
  return drained;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
