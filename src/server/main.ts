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

  const [{ buildApp }, { openDatabase }, { readOrCreateSessionSecret }, { prepareDatabase }] =
    await Promise.all([
      import('./app'),
      import('./db/database'),
      import('./session-secret'),
      import('./prepare-database'),
    ]);
  if (!config.sessionSecret)
    config = { ...config, sessionSecret: readOrCreateSessionSecret(config.dataDir) };

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const webDir = fileURLToPath(new URL('../../dist/web', import.meta.url));
  const app = await buildApp({ config, database, webDir });
  const prepared = await prepareDatabase({ config, database, log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    const forced = setTimeout(() => {
      app.log.warn('drain took longer than 10 s; closing anyway');
      void finish(1);
    }, DRAIN_LIMIT_MS);
    forced.unref();
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'error while closing the server');
    }
    clearTimeout(forced);
    await finish(0);
  };
  const finish = async (code: number) => {
    try {
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'error while closing the database');
    }
    unlock();
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  const shown = config.port === 0 ? `http://localhost:${port}` : config.publicUrl;
  console.log(`\nShareholder registry is running at ${shown}`);
  console.log(
    `Database: ${database.kind === 'pglite' ? `embedded (PGlite) in ${join(config.dataDir)}` : 'PostgreSQL'}`,
  );
  for (const line of prepared.banner) console.log(line);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
