// PostgreSQL only (run when TEST_DATABASE_URL is set): the server answers 503 with Retry-After
// while the database is unreachable or its pool is exhausted, does not crash, and recovers by
// itself when it is back (checklist DUR-03, DUR-04).
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from './open-database';
import { createTestDatabase } from '../test-support/test-database';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { ledgerScenario } from '../test-support/ledger-scenario';
import type { Database } from './open-database';

/** A TCP proxy in front of PostgreSQL that can be cut and restored, like a network outage. */
function outageProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let up = true;
  const server = net.createServer((client) => {
    if (!up) return client.destroy();
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
      ),
    cut: () => {
      up = false;
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    restore: () => {
      up = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let base: Database;
let proxied: Database;
let t: TestApp;
let proxy: ReturnType<typeof outageProxy>;
let s: Awaited<ReturnType<typeof ledgerScenario>>;

beforeAll(async () => {
  base = await createTestDatabase(); // a fresh migrated database; we reach it through the proxy
  const url = new URL(process.env.TEST_DATABASE_URL!);
  proxy = outageProxy({ host: url.hostname, port: Number(url.port || 5432) });
  const port = await proxy.listen();
  const dbName = await base.pool!.query<{ db: string }>('select current_database() as db');
  const proxiedUrl = new URL(process.env.TEST_DATABASE_URL!);
  proxiedUrl.port = String(port);
  proxiedUrl.pathname = `/${dbName.rows[0]!.db}`;
  proxied = openPostgres(proxiedUrl.toString());
  t = await createTestApp({ database: proxied });
  s = await ledgerScenario(t);
});

afterAll(async () => {
  proxy.restore();
  await t.close();
  await proxy.close();
  await base.close();
});

describe('database outage (PostgreSQL)', () => {
  it('answers 503 with Retry-After while the database is down, then recovers by itself', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    proxy.cut();
    const during = await Promise.all(
      Array.from({ length: 50 }, () => t.app.inject({ method: 'GET', url: '/healthz' })),
    );
    for (const res of during) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
    }

    proxy.restore();
    const started = Date.now();
    let status = 0;
    while (Date.now() - started < 5000) {
      status = (await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
  }, 30_000);

  it('fails fast (connection timeout 2 s) instead of waiting forever when the pool cannot connect', async () => {
    proxy.cut();
    try {
      const started = Date.now();
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(2500);
    } finally {
      proxy.restore();
    }
  });

  it('answers 503 with Retry-After to a signed-in read and a ledger POST while down, and serves both after', async () => {
    const read = () =>
      t.app.inject({ method: 'GET', url: '/api/v1/shareholders', headers: s.as.admin });
    const key = randomUUID();
    const write = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/transactions',
        headers: { ...s.as.admin, 'idempotency-key': key },
        payload: {
          ShareholderId: s.carol.id,
          ShareDate: '2024-03-01',
          Shares: '7.25',
          Cost: '1.10',
          Type: 'New Issue',
        },
      });
    expect((await read()).statusCode).toBe(200);

    proxy.cut();
    try {
      for (const res of await Promise.all([read(), write()])) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toMatchObject({ code: 'DB.UNAVAILABLE' });
      }
    } finally {
      proxy.restore();
    }

    expect(await eventually200(read)).toBe(200);
    // Nothing was recorded during the outage: the same key now records the issue, once.
    const created = await write();
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ type: 'New Issue' });
    const replay = await write();
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(created.json());
  }, 30_000);

  it('answers 503 within 2.5 s when every pooled connection is busy (DUR-04)', async () => {
    const pool = proxied.pool!;
    const max = pool.options.max;
    expect(max).toBe(10);
    const held: PoolClient[] = await Promise.all(Array.from({ length: max }, () => pool.connect()));
    // pg_sleep(30) on every connection (beyond statement_timeout, which this session lifts).
    const sleeping = held.map((c) =>
      c
        .query('set statement_timeout = 0')
        .then(() => c.query('select pg_sleep(30) as held'))
        .catch(() => undefined),
    );
    const sleepers = `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and query = 'select pg_sleep(30) as held'`;
    try {
      for (let i = 0; i < 100; i++) {
        const { rows } = await base.pool!.query<{ n: number }>(sleepers);
        if (rows[0]!.n === max) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      expect((await base.pool!.query<{ n: number }>(sleepers)).rows[0]!.n).toBe(max);

      const request = (i: number) =>
        i % 2 === 0
          ? t.app.inject({ method: 'GET', url: '/healthz' })
          : t.app.inject({ method: 'GET', url: '/api/v1/shareholders', headers: s.as.admin });
      const results = await Promise.all(Array.from({ length: 100 }, (_, i) => request(i)));
      expect(results.filter((r) => r.statusCode !== 503)).toEqual([]);
      expect(results.filter((r) => r.headers['retry-after'] !== '5')).toEqual([]);
      // Timed on the server's clock, from the request's arrival to its answer (Fastify's
      // responseTime in the log), not across a test process that a loaded machine may stall.
      const ids = new Set(results.map((r) => r.headers['x-request-id']));
      const times = t.logs
        .filter((l) => l.msg === 'request completed' && ids.has(l.reqId as string))
        .map((l) => l.responseTime as number);
      expect(times).toHaveLength(100);
      console.log(
        `pool exhausted: 100 requests, slowest answered in ${Math.round(Math.max(...times))} ms`,
      );
      expect(Math.max(...times)).toBeLessThanOrEqual(2500);
    } finally {
      await base.pool!.query(
        `select pg_cancel_backend(pid) from pg_stat_activity
          where datname = current_database() and query = 'select pg_sleep(30) as held'`,
      );
      await Promise.all(sleeping);
      for (const c of held) c.release(true);
    }
    expect(await eventually200(() => t.app.inject({ method: 'GET', url: '/healthz' }))).toBe(200);
  }, 30_000);
});

/** Polls until the request answers 200 (at most 5 s); returns the last status. */
async function eventually200(request: () => Promise<{ statusCode: number }>): Promise<number> {
  const started = Date.now();
  let status = 0;
  while (Date.now() - started < 5000) {
    status = (await request()).statusCode;
    if (status === 200) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return status;
}
