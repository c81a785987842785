// PostgreSQL only (run when TEST_DATABASE_URL is set): the server answers 503 with Retry-After
// while the database is unreachable, does not crash, and recovers by itself when it is back.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from './database';
import { createTestDatabase } from '../test-support/test-database';
import { createTestApp, type TestApp } from '../test-support/test-app';
import type { Database } from './database';

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
});

afterAll(async () => {
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
});
