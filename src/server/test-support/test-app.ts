import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { parseConfig, type Config } from '../config';
import type { Database } from '../db/open-database';
import { sql } from 'drizzle-orm';
import { rows } from '../db/sql';
import { createTestDatabase } from './test-database';
import { flushSuiteServerLog, recordSecrets, recordServerLog } from './suite-server-log';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Every log line written so far, parsed. */
  logs: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export const TEST_SESSION_SECRET = 'test-session-secret-0123456789abcdefghijklmnop';

export function testConfig(env: Record<string, string> = {}): Config {
  return parseConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: TEST_SESSION_SECRET,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'info',
    // Tests that change a session or a holder straight in the database play another server: with
    // the cache on, their next request could come before the database's notice. The cache's own
    // tests (plugins/session-cache*.test.ts) and the browser tests run with it on.
    SESSION_CACHE_SECONDS: '0',
    ...env,
  });
}

export interface TestAppOptions {
  env?: Record<string, string>;
  database?: Database;
  webDir?: string;
}

/** The session tokens still in the database: none may be in the log (suite-server-log.ts). */
async function recordSessionTokens(database: Database): Promise<void> {
  const tokens = await rows<{ token: string }>(
    database.db,
    sql`select token from auth_session`,
  ).catch(() => []);
  recordSecrets(...tokens.map((r) => r.token));
}

/**
 * buildApp against a real (fresh) database, with log lines captured for assertions and kept for
 * the run's leak check (suite-server-log.ts).
 */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const database = opts.database ?? (await createTestDatabase());
  const config = testConfig(opts.env);
  const logs: Array<Record<string, unknown>> = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      recordServerLog(chunk.toString('utf8'));
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const app = await buildApp({
    config,
    database,
    logStream,
    ...(opts.webDir ? { webDir: opts.webDir } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    logs,
    close: async () => {
      await app.close();
      await recordSessionTokens(database);
      await database.close();
      flushSuiteServerLog();
    },
  };
}
