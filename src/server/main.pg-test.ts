// PostgreSQL only (run when TEST_DATABASE_URL is set): the real server process logs a pooled
// connection killed by PostgreSQL, answers 503 for the request that was using it, and lives on.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killServers, spawnServer, type ServerProcess } from './test-support/spawn-server';

const name = `registry_main_${randomBytes(6).toString('hex')}`;
const baseUrl = process.env.TEST_DATABASE_URL!;
const dbUrl = Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
const dataDir = mkdtempSync(join(tmpdir(), 'registry-main-pg-'));
let server: ServerProcess;
let url: string;

async function onAdmin<T>(connectionString: string, run: (c: pg.Client) => Promise<T>) {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

/** Kills the server's backends that match `where` and says how many there were. */
const terminate = (where: string) =>
  onAdmin(baseUrl, async (c) => {
    const { rows } = await c.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and ${where}`,
      [name],
    );
    return rows[0]!.n;
  });

beforeAll(async () => {
  await onAdmin(baseUrl, (c) => c.query(`create database ${name}`));
  server = spawnServer({
    DATABASE_URL: dbUrl,
    SESSION_SECRET: 'main-pg-test-secret-0123456789abcdefghij',
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
  });
  url = await server.ready;
}, 60_000);

afterAll(async () => {
  killServers();
  await server.exited;
  await onAdmin(baseUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
  rmSync(dataDir, { recursive: true, force: true });
});

const isDatabaseLine = (msg: string) => (l: Record<string, unknown>) =>
  l.component === 'database' && l.msg === msg;

describe('the server process on PostgreSQL', () => {
  it('logs an idle pooled connection killed by PostgreSQL and keeps answering', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(await terminate(`state = 'idle'`)).toBeGreaterThan(0);
    const line = await server.waitForLog(isDatabaseLine('postgres pool error'));
    expect(line.sqlState).toBe('57P01'); // admin_shutdown
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it('answers 503 for a request whose connection is killed mid-query, logs it and keeps answering', async () => {
    // Hold a lock the sign-in needs, so that its query waits on a checked-out connection.
    const locker = new pg.Client({ connectionString: dbUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table auth_user in access exclusive mode');
      const login = fetch(`${url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'nobody@example.com', password: 'whatever-it-is' }),
      });
      let killed = 0;
      for (let i = 0; i < 200 && killed === 0; i++) {
        killed = await terminate(`wait_event_type = 'Lock'`);
        if (!killed) await new Promise((r) => setTimeout(r, 25));
      }
      expect(killed).toBe(1);
      const res = await login;
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      const line = await server.waitForLog(isDatabaseLine('postgres client error'));
      expect(line.sqlState).toBe('57P01');
    } finally {
      await locker.query('rollback');
      await locker.end();
    }
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });
});
