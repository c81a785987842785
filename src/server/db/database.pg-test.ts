// PostgreSQL only (run when TEST_DATABASE_URL is set): the pool's limits are set on every
// connection, and a connection dropped by the server is logged instead of killing the process.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type Database } from './open-database';
import { createTestDatabase } from '../test-support/test-database';

let base: Database;
let url: string;
const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });

beforeAll(async () => {
  base = await createTestDatabase();
  const name = await base.pool!.query<{ db: string }>('select current_database() as db');
  const u = new URL(process.env.TEST_DATABASE_URL!);
  u.pathname = `/${name.rows[0]!.db}`;
  url = u.toString();
  await admin.connect();
});

afterAll(async () => {
  await admin.end();
  await base.close();
});

/** A logger that keeps what it is given. */
function capture() {
  const lines: Array<{ obj: { err?: { code?: string }; sqlState?: string }; msg: string }> = [];
  return {
    lines,
    error: (obj: object, msg: string) => lines.push({ obj: obj, msg }),
    until: async (n: number) => {
      const started = Date.now();
      while (lines.length < n && Date.now() - started < 5000)
        await new Promise((r) => setTimeout(r, 20));
      return lines;
    },
  };
}

const terminate = (pid: number) => admin.query('select pg_terminate_backend($1)', [pid]);

/** Runs `use` on a pool of its own to the test database, logging to `log`; closed after. */
async function withPool(
  use: (database: Database) => Promise<void>,
  log?: Parameters<typeof openPostgres>[1],
) {
  const database = openPostgres(url, log);
  try {
    await use(database);
  } finally {
    await database.close();
  }
}

describe('PostgreSQL pool', () => {
  it('sets statement_timeout 5 s and idle_in_transaction_session_timeout 10 s on its connections', () =>
    withPool(async (database) => {
      const client = await database.pool!.connect();
      try {
        const st = await client.query<{ statement_timeout: string }>('show statement_timeout');
        const idle = await client.query<{ idle_in_transaction_session_timeout: string }>(
          'show idle_in_transaction_session_timeout',
        );
        expect(st.rows[0]!.statement_timeout).toBe('5s');
        expect(idle.rows[0]!.idle_in_transaction_session_timeout).toBe('10s');
      } finally {
        client.release();
      }
      expect(database.pool!.options.connectionTimeoutMillis).toBe(2000);
    }));

  it('logs an idle pooled connection killed by the server, and carries on', async () => {
    const log = capture();
    await withPool(async (database) => {
      const { rows } = await database.pool!.query<{ pid: number }>(
        'select pg_backend_pid() as pid',
      );
      await terminate(rows[0]!.pid);
      const lines = await log.until(1);
      expect(lines.map((l) => l.msg)).toContain('postgres pool error');
      expect(lines[0]!.obj.sqlState).toBe('57P01'); // admin_shutdown
      // The pool replaces the connection by itself.
      await expect(database.ping()).resolves.toBeUndefined();
    }, log);
  });

  it('logs a checked-out connection killed by the server, and carries on', async () => {
    const log = capture();
    await withPool(async (database) => {
      const client = await database.pool!.connect();
      try {
        const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
        await terminate(rows[0]!.pid);
        const lines = await log.until(1);
        // The server's message, then the socket's end: each on the client, none unhandled.
        expect(new Set(lines.map((l) => l.msg))).toEqual(new Set(['postgres client error']));
        expect(lines[0]!.obj.sqlState).toBe('57P01');
      } finally {
        client.release(true);
      }
      await expect(database.ping()).resolves.toBeUndefined();
    }, log);
  });
});
