// The real server process (src/server/main.ts): start-up errors and graceful shutdown.
import net from 'node:net';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killServers, spawnServer, type ServerProcess } from './test-support/spawn-server';

const dirs: string[] = [];
afterAll(() => {
  killServers();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const startEmbedded = (env: Record<string, string> = {}) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'registry-main-'));
  dirs.push(dataDir);
  const server = spawnServer({ DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'info', ...env });
  return { server, dataDir };
};

/**
 * A request held in flight by its body: the headers and half of a JSON body are sent now, the
 * rest when `finish` is called. Resolves with the raw response.
 */
function slowPost(url: string, path: string) {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({ reason: 'held in flight by its body' });
  const socket = net.connect(Number(port), hostname);
  let response = '';
  socket.on('data', (d: Buffer) => (response += d.toString()));
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(response)));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
  );
  return { finish: () => socket.end(body.slice(10)), response: closed, socket };
}

const requestLog = (server: ServerProcess, url: string) =>
  server.waitForLog((l) => l.msg === 'incoming request' && (l.req as { url?: string }).url === url);

describe('start-up', () => {
  it.each([
    ['PORT', 'eighty'],
    ['MAIL_FROM', 'not an address'],
    ['NODE_ENV', 'staging'],
  ])('stops with one line naming %s when its value is bad', async (name, value) => {
    const server = spawnServer({ [name]: value, DATA_DIR: join(tmpdir(), 'registry-never') });
    const code = await server.exited;
    expect(code).toBe(78); // EX_CONFIG
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${name} `));
  });
});

describe('a port in use', () => {
  it('stops start-up at once with one line naming PORT, exit 78, and leaves no lock behind', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const { server, dataDir } = startEmbedded({ PORT: String(port) });
      expect(await server.exited).toBe(78);
      const plain = server
        .output()
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('{'));
      expect(plain).toEqual([
        `PORT ${port} is already in use on 127.0.0.1: stop the program listening there or set PORT to a free port`,
      ]);
      // Said before the database was prepared, not after a slow migration and seed.
      expect(server.logs().map((l) => l.msg)).not.toContain('ledger invariants hold');
      expect(readdirSync(dataDir)).not.toContain('server.pid');
    } finally {
      taken.close();
    }
  }, 60_000);
});

describe('a started server: its banner and its request log', () => {
  const plainLines = (server: ServerProcess) =>
    server
      .output()
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.startsWith('{'));
  // One demo server for the three cases: each start is seconds of PGlite on a busy machine.
  let demo: ReturnType<typeof startEmbedded>;
  beforeAll(() => {
    demo = startEmbedded({ DEMO_DATA: 'true' });
  });

  it('ends its banner with Open once it listens, after the database and the demo logins', async () => {
    const url = await demo.server.ready;
    const lines = plainLines(demo.server);
    // The address to open comes last: nothing printed after it can push it out of sight.
    expect(lines.at(-1)).toBe(`Open ${url}`);
    expect(lines.join('\n')).toContain(`database: embedded (PGlite) in ${demo.dataDir}`);
    expect(lines.join('\n')).toContain('admin@acme.test / demo-admin-2026');
    expect(lines.join('\n')).toContain('holder@acme.test / demo-holder-2026');
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  }, 60_000);

  it('logs a request at info in one line, with the method, path, status and time', async () => {
    const url = await demo.server.ready;
    const res = await fetch(`${url}/healthz?probe=1`);
    expect(res.status).toBe(200);
    const reqId = res.headers.get('x-request-id');
    const line = await demo.server.waitForLog((l) => l.reqId === reqId);
    await new Promise((r) => setTimeout(r, 200));
    expect(demo.server.logs().filter((l) => l.reqId === reqId)).toEqual([line]);
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET', url: '/healthz?probe=1' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
  }, 60_000);

  it('prints a demo password only while it still works: not once the holder changed it', async () => {
    const url = await demo.server.ready;
    const login = await fetch(`${url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'holder@acme.test', password: 'demo-holder-2026' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const changed = await fetch(`${url}/auth/set-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({
        currentPassword: 'demo-holder-2026',
        newPassword: 'a passphrase of my own',
      }),
    });
    expect(changed.status).toBe(200);
    demo.server.child.kill('SIGTERM');
    expect(await demo.server.exited).toBe(0);

    const again = spawnServer({ DATA_DIR: demo.dataDir, DEMO_DATA: 'true', LOG_LEVEL: 'info' });
    const url2 = await again.ready;
    const banner = plainLines(again).join('\n');
    expect(banner).toContain('admin@acme.test / demo-admin-2026');
    expect(banner).toContain('lukasz@acme.test / demo-lukasz-2026');
    expect(banner).toContain('read-only     auditor@acme.test / demo-auditor-2026');
    expect(banner).not.toContain('holder@acme.test');
    expect(banner).not.toContain('demo-holder-2026');
    expect(plainLines(again).at(-1)).toBe(`Open ${url2}`);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 90_000);
});

describe('an unreachable database at start-up', () => {
  it('retries with one log line per attempt, then exits 78 with a one-line reason', async () => {
    const server = spawnServer({
      DATABASE_URL: 'postgres://registry@127.0.0.1:1/registry',
      SESSION_SECRET: 'unreachable-test-secret-0123456789abcdef',
      DATA_DIR: join(tmpdir(), 'registry-never'),
      DATABASE_WAIT_SECONDS: '3',
      LOG_LEVEL: 'info',
    });
    expect(await server.exited).toBe(78);
    const attempts = server
      .logs()
      .filter((l) => String(l.msg).startsWith('database not reachable'));
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(attempts[0]!.msg).toMatch(/ECONNREFUSED 127\.0\.0\.1:1.*retrying in 2 s/);
    const plain = server
      .output()
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('{'));
    expect(plain).toEqual([
      expect.stringMatching(
        /^The database does not answer after 3 s \(\d+ attempts\): .*ECONNREFUSED/,
      ),
    ]);
    expect(server.output()).not.toMatch(/^\s+at /m);
  }, 30_000);
});

describe('graceful shutdown (SIGTERM)', () => {
  // Both servers start at once: each start is a few seconds of PGlite on a busy machine. In a
  // hook, not at collection: listing the tests must not start servers that nothing stops.
  let drains: ReturnType<typeof startEmbedded>;
  let stuck: ReturnType<typeof startEmbedded>;
  // At debug, a request's arrival is logged too: the tests wait for it to know it is in flight.
  beforeAll(() => {
    drains = startEmbedded({ LOG_LEVEL: 'debug' });
    stuck = startEmbedded({ LOG_LEVEL: 'debug' });
  });

  it('lets a request in flight finish with 200, refuses new ones, checkpoints and exits 0', async () => {
    const { server, dataDir } = drains;
    const url = await server.ready;
    const held = slowPost(url, '/auth/logout');
    const incoming = await requestLog(server, '/auth/logout');

    server.child.kill('SIGTERM');
    await server.waitForLog((l) => l.msg === 'shutting down: draining in-flight requests');
    // No longer listening: a new connection is refused while the old request is still open.
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    expect(server.child.exitCode).toBeNull();

    held.finish();
    const response = await held.response;
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    expect(response).toContain('{"success":true}');
    expect(await server.exited).toBe(0);

    const logs = server.logs();
    const completed = logs.findIndex(
      (l) => l.msg === 'request completed' && l.reqId === incoming.reqId,
    );
    const closed = logs.findIndex((l) => l.msg === 'database closed' && l.database === 'pglite');
    expect(completed).toBeGreaterThan(-1);
    expect(closed).toBeGreaterThan(completed);
    expect(readdirSync(dataDir)).not.toContain('server.pid');
  }, 60_000);

  it('stops waiting for a request that never finishes after 10 s, and still closes the database', async () => {
    const { server, dataDir } = stuck;
    const url = await server.ready;
    const held = slowPost(url, '/auth/logout');
    await requestLog(server, '/auth/logout');

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const code = await server.exited;
    const took = Date.now() - signalled;
    console.log(`exited ${took} ms after SIGTERM`);
    expect(code).toBe(1);
    expect(took).toBeGreaterThanOrEqual(10_000);
    expect(took).toBeLessThan(15_000);
    const messages = server.logs().map((l) => l.msg);
    expect(messages).toContain('drain took longer than 10 s; closing anyway');
    expect(messages.indexOf('database closed')).toBeGreaterThan(
      messages.indexOf('drain took longer than 10 s; closing anyway'),
    );
    expect(readdirSync(dataDir)).not.toContain('server.pid');
    held.socket.destroy();
  }, 60_000);
});
