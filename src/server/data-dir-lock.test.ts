import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir, DataDirLockedError } from './data-dir-lock';

const mainTs = new URL('./main.ts', import.meta.url).pathname;
const children: ChildProcess[] = [];

function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'true',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`server exited before listening:\n${out}`)));
  });
  ready.catch(() => {}); // awaited by the tests that expect the server to listen
  return { child, ready, exited, output: () => out };
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('data directory lock (two real processes)', () => {
  it('refuses a second server within 2 s naming the pid, and survives kill -9 of the first', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'registry-lock-'));
    const first = startServer(dataDir);
    const url = await first.ready;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(readFileSync(join(dataDir, 'server.pid'), 'utf8')).toBe(String(first.child.pid));

    const started = Date.now();
    const second = startServer(dataDir);
    const code = await second.exited;
    const elapsed = Date.now() - started;
    console.log(`second server exited after ${elapsed} ms`);
    expect(elapsed).toBeLessThan(2000);
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    const third = startServer(dataDir);
    const url3 = await third.ready;
    expect((await fetch(`${url3}/healthz`)).status).toBe(200);
    expect(readFileSync(join(dataDir, 'server.pid'), 'utf8')).toBe(String(third.child.pid));

    // A graceful stop checkpoints, closes and releases the lock; the data is all there.
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    const db = await PGlite.create(dataDir);
    const { rows } = await db.query<{ legal_name: string }>('select legal_name from organization');
    expect(rows).toEqual([{ legal_name: 'Acme Holdings, Inc.' }]);
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }, 90_000);

  it('takes over a lock whose process is gone, and refuses one that is alive', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'registry-lock-'));
    const release = lockDataDir(dataDir, 999_999_999); // no such pid: stale on the next try
    expect(() => lockDataDir(dataDir, process.pid)).not.toThrow();
    const releaseMine = lockDataDir(dataDir, process.pid);
    expect(() => lockDataDir(dataDir, process.pid + 1)).toThrow(DataDirLockedError);
    releaseMine();
    release();
    rmSync(dataDir, { recursive: true, force: true });
  });
});
