import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '../free-port';
import type { BareContext, ServerMessage, SessionInfo } from './protocol';
import type { CapturedQuery } from './sql-capture';

export interface ServerProcess {
  name: string;
  url: string;
  /** The server's process id (its resident set is read from /proc: export-measure.ts). */
  pid: number | undefined;
  session: SessionInfo | undefined;
  /** CPU seconds (user + system) the server process has used so far; undefined without /proc. */
  cpuSeconds(): number | undefined;
  /** The SQL statements the server sends while `work` runs. */
  captureSql(work: () => Promise<void>): Promise<CapturedQuery[]>;
  stop(): Promise<void>;
}

function nextMessage(child: ChildProcess, name: string, wanted: ServerMessage['type']) {
  return new Promise<ServerMessage>((resolve, reject) => {
    const onMessage = (raw: unknown) => {
      const message = raw as ServerMessage;
      if (message.type === 'failed') {
        cleanup();
        reject(new Error(`${name} server failed: ${message.error}`));
      } else if (message.type === wanted) {
        cleanup();
        resolve(message);
      }
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`${name} server exited (code ${code}) before answering`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** Linux's clock ticks per second (USER_HZ), the unit of utime and stime in /proc/<pid>/stat. */
const TICKS_PER_SECOND = 100;

function processCpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Starts scripts/bench/<script> in its own Node process (same tsx loader) and waits for it. */
async function startServer(
  name: string,
  script: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), [], {
    env: { ...process.env, ...env, BENCH_PORT: String(port) },
    // BENCH_CPU_PROFILE=<folder>: each server writes a V8 CPU profile there when it stops.
    execArgv: [
      ...process.execArgv,
      ...(process.env.BENCH_CPU_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
        : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = (await nextMessage(child, name, 'listening')) as Extract<
    ServerMessage,
    { type: 'listening' }
  >;
  let exited = child.exitCode !== null;
  child.once('exit', () => {
    exited = true;
  });
  return {
    name,
    url: `http://127.0.0.1:${ready.port}`,
    pid: child.pid,
    session: ready.session,
    cpuSeconds: () => processCpuSeconds(child.pid),
    captureSql: async (work) => {
      const started = nextMessage(child, name, 'capture-started');
      child.send({ type: 'capture', on: true });
      await started;
      try {
        await work();
      } finally {
        // Let the last response's statements (commit, key release) reach the server's log.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const captured = nextMessage(child, name, 'captured');
      child.send({ type: 'capture', on: false });
      return ((await captured) as Extract<ServerMessage, { type: 'captured' }>).queries;
    },
    stop: async () => {
      if (exited) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // A Ctrl-C in a terminal reaches the children too: they may be gone already.
      if (child.connected) child.send({ type: 'stop' });
      else child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

export function startApp(databaseUrl: string, adminEmail: string): Promise<ServerProcess> {
  return startServer('app', './app-server.ts', {
    BENCH_DATABASE_URL: databaseUrl,
    BENCH_ADMIN_EMAIL: adminEmail,
  });
}

export function startBare(databaseUrl: string, ctx: BareContext): Promise<ServerProcess> {
  return startServer('bare', './bare-server.ts', {
    BENCH_DATABASE_URL: databaseUrl,
    BENCH_ORGANIZATION_ID: ctx.organizationId,
    BENCH_USER_ID: ctx.userId,
    BENCH_HOLDER_ID: ctx.holderId,
  });
}
