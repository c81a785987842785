// `npm start` under a process manager: the pid it started gets SIGTERM; the server drains and
// stops, the port is free and the data-dir lock released within the drain time (10 s). The server
// runs as compiled JavaScript (dist/server/main.js), built first when missing or stale.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'registry-npm-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

describe('npm start', () => {
  it('runs the compiled server in the pid it started; SIGTERM there drains and stops it', async () => {
    const child = spawn('npm', ['start'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: dataDir,
        DEMO_DATA: 'false',
        DATABASE_URL: '',
        SESSION_SECRET: '',
        LOG_LEVEL: 'info',
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    const started = Date.now();
    // The address to open ends the banner: wait for its whole line.
    while (!/^Open http:\/\/localhost:\d+\n/m.test(out)) {
      if (child.exitCode !== null || Date.now() - started > 150_000)
        throw new Error(`npm start did not come up:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const port = Number(/^Open http:\/\/localhost:(\d+)\n/m.exec(out)![1]);
    expect(existsSync(join(root, 'dist/server/main.js'))).toBe(true);
    expect(await portAnswers(port)).toBe(true);
    // The lock names the serving process: plain node on the compiled start, no TypeScript loader.
    const serverPid = readFileSync(join(dataDir, 'server.pid'), 'utf8').split('\n')[0]!;
    const cmdline = readFileSync(`/proc/${serverPid}/cmdline`, 'utf8').split('\0');
    expect(cmdline.slice(1, 2)).toEqual(['scripts/start.mjs']);
    expect(cmdline.join(' ')).not.toMatch(/tsx|--import|--loader/);

    child.kill('SIGTERM');
    const signalled = Date.now();
    while ((await portAnswers(port)) || existsSync(join(dataDir, 'server.pid'))) {
      expect(Date.now() - signalled).toBeLessThan(10_000);
      await new Promise((r) => setTimeout(r, 100));
    }
    await exited;
    expect(out).toContain('shutting down: draining in-flight requests');
    expect(out).toContain('database closed');
  }, 180_000);
});
