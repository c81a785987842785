// Start-up: config, data-dir lock, database, listen, graceful shutdown. Nothing else.
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
import { listenProblem, probeListen } from './listen-problem';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Database } from './db/open-database';

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

/** A port in use (or an address not this machine's) stops start-up before anything slow. */
async function probeOrExit(config: Config, unlock: () => void): Promise<void> {
  if (config.port === 0) return;
  try {
    await probeListen(config.port, config.host);
  } catch (e) {
    const problem = listenProblem(e, config.port, config.host);
    if (!problem) throw e;
    unlock();
    console.error(problem);
    process.exit(78);
  }
}

/** Listens; a port taken since the probe gets the same one line, after closing what was opened. */
async function listenOrExit(
  app: FastifyInstance,
  config: Config,
  release: () => Promise<void>,
): Promise<string> {
  try {
    return await app.listen({ port: config.port, host: config.host });
  } catch (e) {
    const problem = listenProblem(e, config.port, config.host);
    if (!problem) throw e;
    await release();
    console.error(problem);
    process.exit(78);
  }
}

async function main(): Promise<void> {
  let config = loadConfigOrExit();
  const unlock = lockOrExit(config);
  await probeOrExit(config, unlock);
  const [{ buildApp }, { readOrCreateSessionSecret }, { prepareDatabase }, { destination }] =
    await Promise.all([
      import('./app'),
      import('./session-secret'),
      import('./prepare-database'),
      import('pino'),
    ]);
  if (!config.sessionSecret)
    config = { ...config, sessionSecret: readOrCreateSessionSecret(config.dataDir) };
  // Written as they come, so that log lines and the banner reach stdout in the order they were
  // made: pino's default stdout writes asynchronously, and its lines came after the banner.
  const logStream = destination({ dest: 1, sync: true });
  const database = await openReachableDatabase(config, unlock, logStream);
  const webDir = fileURLToPath(new URL('../../dist/web', import.meta.url));
  const app = await buildApp({ config, database, webDir, logStream });
  const prepared = await prepareDatabase({ config, database, log: app.log });
  onStopSignals(app, database, unlock);
  const address = await listenOrExit(app, config, async () => {
    await database.close();
    unlock();
  });
  printBanner(config, database, prepared.banner, address);
}

/**
 * What a newcomer needs, in one write once the server listens, ending with the address to open:
 * the one whose sign-in works (the CSRF check and cookies are bound to PUBLIC_URL).
 */
function printBanner(config: Config, database: Database, lines: string[], address: string): void {
  const shown = config.port === 0 ? `http://localhost:${new URL(address).port}` : config.publicUrl;
  const where =
    database.kind === 'pglite'
      ? `embedded (PGlite) in ${config.dataDir}`
      : `PostgreSQL at ${databaseAddress(config.databaseUrl)}`;
  console.log(
    ['', `Shareholder registry, database: ${where}`, ...lines, '', `Open ${shown}`].join('\n'),
  );
}

/** host:port/database of a connection string, never its user or password. */
const databaseAddress = (url: string | undefined): string => {
  if (!url) return '(unset)';
  const u = new URL(url);
  return `${u.host}${u.pathname}`;
};

/**
 * Opens the database and waits for it a bounded time, one log line per attempt; unreachable,
 * the server stops with a one-line reason, exit 78 as for a bad setting (nothing a restart alone
 * would fix).
 */
async function openReachableDatabase(
  config: Config,
  unlock: () => void,
  logStream: DestinationStream,
): Promise<Database> {
  const [
    { openDatabase },
    { redactPaths },
    { pino },
    { waitForDatabase, DatabaseUnreachableError },
  ] = await Promise.all([
    import('./db/open-database'),
    import('./logger'),
    import('pino'),
    import('./db/wait-for-database'),
  ]);
  // The pool's and its clients' 'error' events (a dropped connection) are logged, not fatal.
  const databaseLog = pino(
    { level: config.logLevel, redact: { paths: redactPaths, censor: '[Redacted]' } },
    logStream,
  ).child({ component: 'database' });
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
