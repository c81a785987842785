import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir, DataDirLockedError, processStartTime } from './data-dir-lock';
import { killServers, spawnServer } from './test-support/spawn-server';

const root = new URL('../..', import.meta.url).pathname;
const lockTs = new URL('./data-dir-lock.ts', import.meta.url).pathname;
const children: ChildProcess[] = [];
const tempDirs: string[] = [];

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'registry-lock-'));
  tempDirs.push(dir);
  return dir;
};

const startServer = (dataDir: string, env: Record<string, string> = {}) =>
  spawnServer({ DATA_DIR: dataDir, DEMO_DATA: 'true', ...env });

/** Milliseconds from now until a started server process exits. */
async function exitTime(server: ReturnType<typeof startServer>): Promise<number> {
  const started = Date.now();
  await server.exited;
  return Date.now() - started;
}

/**
 * A process that takes the lock when told: `lock <dir> <at>` spins until the clock reads `at`
 * (so that every contender starts together), tries, answers `won` or `locked <pid>`, and keeps
 * what it won until `release`.
 */
function contender(modulePath: string) {
  const script = `
    import { createInterface } from 'node:readline';
    const { lockDataDir } = await import(${JSON.stringify(modulePath)});
    const held = [];
    console.log('ready');
    for await (const line of createInterface({ input: process.stdin })) {
      const [cmd, dir, at] = line.split(' ');
      if (cmd === 'release') { held.splice(0).forEach((r) => r()); console.log('released'); continue; }
      while (Date.now() < Number(at)) {}
      try { held.push(lockDataDir(dir)); console.log('won'); }
      catch (e) { console.log(e.name === 'DataDirLockedError' ? 'locked ' + e.pid : 'error ' + e.message); }
    }`;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '--eval', script],
    { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  children.push(child);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    pid: child.pid!,
    next: async () => String((await lines.next()).value),
    send: (line: string) => child.stdin.write(`${line}\n`),
    stop: () => child.stdin.end(),
  };
}

/** Rounds of several processes locking one folder at once; returns each round's winners. */
async function race(modulePath: string, rounds: number, staleLock: boolean) {
  const procs = Array.from({ length: 5 }, () => contender(modulePath));
  for (const p of procs) expect(await p.next()).toBe('ready');
  const failures: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const dir = tempDir();
    if (staleLock) writeFileSync(join(dir, 'server.pid'), '999999999\n');
    const at = Date.now() + 60;
    for (const p of procs) p.send(`lock ${dir} ${at}`);
    const answers = await Promise.all(procs.map((p) => p.next()));
    const winners = procs.filter((_, i) => answers[i] === 'won');
    let holder = '(no lock file)';
    try {
      holder = readFileSync(join(dir, 'server.pid'), 'utf8').split('\n')[0]!;
    } catch {
      // reported below
    }
    const ok =
      winners.length === 1 &&
      holder === String(winners[0]!.pid) &&
      answers.every((a) => a === 'won' || a === `locked ${holder}`);
    if (!ok) failures.push(`round ${round}: ${answers.join(', ')} (file: ${holder})`);
    for (const p of procs) p.send('release');
    for (const p of procs) expect(await p.next()).toBe('released');
    // Nothing is left behind: no temporary file, no takeover lock, no stale copy.
    expect(readdirSync(dir)).toEqual([]);
  }
  for (const p of procs) p.stop();
  return failures;
}

afterAll(() => {
  killServers();
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
});

describe('data directory lock (real processes)', () => {
  it('refuses a second server within 2 s naming the pid; after kill -9 a new start finds the data and the session secret', async () => {
    const dataDir = tempDir();
    const first = startServer(dataDir);
    const url = await first.ready;
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(readFileSync(join(dataDir, 'server.pid'), 'utf8').split('\n')[0]).toBe(
      String(first.child.pid),
    );
    const secretPath = join(dataDir, 'session-secret');
    const secret = readFileSync(secretPath, 'utf8');
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(secretPath).mode & 0o777).toBe(0o600);

    // A write acknowledged just before the kill: a sign-in stores a session row.
    const login = await fetch(`${url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@acme.test', password: 'demo-admin-2026' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('registry.session_token='))!
      .split(';')[0]!;

    // What the 2 s bound is about: the refusal comes before anything slow (the database). Starting
    // node and the TypeScript loader takes seconds on a loaded machine, so the bound is counted
    // from a process that stops at its first step (a bad setting), started the same way.
    const startUp = await exitTime(startServer(dataDir, { PORT: 'not-a-port' }));
    const second = startServer(dataDir);
    const elapsed = await exitTime(second);
    const code = await second.exited;
    console.log(
      `second server exited after ${elapsed} ms; one stopped by its settings ${startUp} ms`,
    );
    expect(elapsed - startUp).toBeLessThan(2000);
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    // DEMO_DATA=false: whatever is there was written by the first server, not seeded again.
    const third = startServer(dataDir, { DEMO_DATA: 'false' });
    const url3 = await third.ready;
    expect(readFileSync(join(dataDir, 'server.pid'), 'utf8').split('\n')[0]).toBe(
      String(third.child.pid),
    );
    // The session written before the kill is there, and its cookie (signed with the kept
    // secret) still opens the administrator's directory.
    expect(readFileSync(secretPath, 'utf8')).toBe(secret);
    const directory = await fetch(`${url3}/api/v1/shareholders`, { headers: { cookie } });
    expect(directory.status).toBe(200);
    expect(((await directory.json()) as { total: number }).total).toBeGreaterThan(0);

    // A graceful stop checkpoints, closes and releases the lock; the data is all there.
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(readdirSync(dataDir)).not.toContain('server.pid');
    const db = await PGlite.create(dataDir);
    const orgs = await db.query<{ legal_name: string }>('select legal_name from organization');
    expect(orgs.rows).toEqual([{ legal_name: 'Acme Holdings, Inc.' }]);
    const sessions = await db.query<{ n: number }>(
      `select count(*)::int as n from auth_session s join auth_user u on u.id = s.user_id
        where u.email = 'admin@acme.test'`,
    );
    expect(sessions.rows[0]!.n).toBeGreaterThanOrEqual(1);
    await db.close();
  }, 90_000);

  it('lets exactly one of several processes starting at once win, on a free folder and on a stale lock', async () => {
    const failures = [...(await race(lockTs, 8, false)), ...(await race(lockTs, 8, true))];
    expect(failures).toEqual([]);
  }, 60_000);
});

describe('lockDataDir', () => {
  it('takes over a lock whose process is gone, and refuses one that is alive', () => {
    const dataDir = tempDir();
    const release = lockDataDir(dataDir, 999_999_999); // no such pid: stale on the next try
    expect(() => lockDataDir(dataDir, process.pid)).not.toThrow();
    const releaseMine = lockDataDir(dataDir, process.pid);
    expect(() => lockDataDir(dataDir, process.pid + 1)).toThrow(DataDirLockedError);
    releaseMine();
    release();
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('writes the pid and its start time whole, and refuses with the pid named', () => {
    const dataDir = tempDir();
    const release = lockDataDir(dataDir);
    expect(readFileSync(join(dataDir, 'server.pid'), 'utf8')).toBe(
      `${process.pid}\n${processStartTime(process.pid)}\n`,
    );
    expect(() => lockDataDir(dataDir, 999_999_998)).toThrow(`pid ${process.pid}`);
    release();
  });

  it('takes over the lock of a server killed with -9 and not yet reaped (a zombie)', async () => {
    // A parent that never waits for its child: the child stays a zombie while the parent lives.
    const parent = spawn('python3', [
      '-c',
      'import os, sys, time\npid = os.fork()\nif pid == 0: os._exit(0)\nprint(pid, flush=True)\ntime.sleep(30)',
    ]);
    children.push(parent);
    const zombie = Number(
      await new Promise<string>((resolve) =>
        parent.stdout.once('data', (d: Buffer) => resolve(d.toString())),
      ),
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(readFileSync(`/proc/${zombie}/stat`, 'utf8')).toMatch(/\) Z /);
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'server.pid'), `${zombie}\n${processStartTime(zombie)}\n`);
    const release = lockDataDir(dataDir, 999_999_997);
    expect(readFileSync(join(dataDir, 'server.pid'), 'utf8')).toBe('999999997\n');
    release();
    parent.kill('SIGKILL');
  });

  it('treats a live pid with another start time as reused, and the lock as stale', () => {
    const dataDir = tempDir();
    const lockPath = join(dataDir, 'server.pid');
    // The pid is alive (this process) but started at another time: it is not the old server.
    writeFileSync(lockPath, `${process.pid}\n1\n`);
    const release = lockDataDir(dataDir, 999_999_998);
    expect(readFileSync(lockPath, 'utf8')).toBe('999999998\n');
    release();
    // An old lock file with no start time: a live pid is believed.
    writeFileSync(lockPath, `${process.pid}\n`);
    expect(() => lockDataDir(dataDir, 999_999_998)).toThrow(DataDirLockedError);
  });

  it('takes over a lock file that holds no pid, and a takeover lock left by a dead process', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'server.pid'), '');
    writeFileSync(join(dataDir, 'server.pid.takeover'), '999999999\n');
    const release = lockDataDir(dataDir, process.pid);
    expect(readdirSync(dataDir)).toEqual(['server.pid']);
    release();
  });
});
