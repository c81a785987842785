// Start-up: config, data-dir lock, database, listen, graceful shutdown. Nothing else.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const DRAIN_LIMIT_MS = 10_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(78);
    }
    throw e;
  }

  // Lock before anything slow, so a second server on the same folder exits at once.
  let unlock = () => {};
  if (!config.databaseUrl) {
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (e) {
      if (e instanceof DataDirLockedError) {
        console.error(e.message);
        process.exit(75);
      }
      throw e;
    }
  }

  const [
    { buildApp },
    { openDatabase },
    { readOrCreateSessionSecret },
    { prepareDatabase },
    { redactPaths },
    { pino },
    { waitForDatabase, DatabaseUnreachableError },
  ] = await Promise.all([
    import('./app'),
    import('./db/database'),
    import('./session-secret'),
    import('./prepare-database'),
    import('./logger'),
    import('pino'),
    import('./db/wait-for-database'),
  ]);
  if (!config.sessionSecret)
    config = { ...config, sessionSecret: readOrCreateSessionSecret(config.dataDir) };

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
    if (!(e instanceof DatabaseUnreachableError)) throw e;
    console.error(e.message);
    unlock();
    process.exit(78); // EX_CONFIG: as for a bad setting, nothing a restart alone would fix
  }
  const webDir = fileURLToPath(new URL('../../dist/web', import.meta.url));
  const app = await buildApp({ config, database, webDir });
  const prepared = await prepareDatabase({ config, database, log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    // Stop accepting, let the requests in flight finish, but never wait more than 10 s.
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

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
