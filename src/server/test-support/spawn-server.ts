import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { recordServerLog } from './suite-server-log';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const mainTs = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** The URL to open, once the banner's last line says it; rejects when it exits first. */
  ready: Promise<string>;
  exited: Promise<number | null>;
  /** stdout and stderr so far. */
  output(): string;
  /** The JSON log lines so far. */
  logs(): Array<Record<string, unknown>>;
  /** Resolves with the first log line that matches, within timeoutMs. */
  waitForLog(
    match: (line: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
}

const running = new Set<ChildProcess>();

/** The test's settings over these, unless `newcomer`: nothing but PATH, HOME and the test's. */
const testDefaults = () => ({
  ...process.env,
  // Embedded and self-made unless the test says otherwise, whatever the developer's shell has.
  DATABASE_URL: '',
  SESSION_SECRET: '',
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
});

/**
 * The real server (src/server/main.ts) in its own process, on a free port. `newcomer`: started
 * as the README's first start is, with no setting but those given (every default the server's).
 */
export function spawnServer(
  env: Record<string, string>,
  opts: { newcomer?: boolean } = {},
): ServerProcess {
  const base = opts.newcomer ? { PATH: process.env.PATH, HOME: process.env.HOME } : testDefaults();
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    cwd: root,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      // Its JSON log lines join the run's leak check; the start-up banner prints demo logins.
      recordServerLog(
        out
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .join('\n'),
      );
      resolve(code);
    }),
  );
  const onData = (d: Buffer) => (out += d.toString());
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const ready = new Promise<string>((resolve, reject) => {
    const check = () => {
      const m = /^Open (http:\/\/\S+)\n/m.exec(out);
      if (m) resolve(m[1]!);
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    void exited.then(() => reject(new Error(`server exited before listening:\n${out}`)));
  });
  ready.catch(() => {}); // awaited by the tests that expect the server to listen
  const logs = () =>
    out
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  return {
    child,
    ready,
    exited,
    output: () => out,
    logs,
    waitForLog: async (match, timeoutMs = 10_000) => {
      const started = Date.now();
      for (;;) {
        const found = logs().find(match);
        if (found) return found;
        if (Date.now() - started > timeoutMs || child.exitCode !== null)
          throw new Error(`no such log line within ${timeoutMs} ms:\n${out}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}

/** Kills whatever spawnServer started and is still running (for afterAll). */
export function killServers(): void {
  for (const child of running) child.kill('SIGKILL');
}
