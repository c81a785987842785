import { createRequire } from 'node:module';

// autocannon 9 ships no types: the part of its programmatic API the bench uses.
export interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: CannonRequest) => CannonRequest;
}
interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  requests: CannonRequest[];
}
interface CannonResult {
  statusCodeStats: Record<string, { count: number }>;
  errors: number;
  timeouts: number;
  duration: number;
}
/** The run: a promise of its result, and an emitter of each response (its time in ms). */
type CannonRun = Promise<CannonResult> & {
  on(
    event: 'response',
    listener: (client: unknown, status: number, bytes: number, ms: number) => void,
  ): void;
};
const autocannon = createRequire(import.meta.url)('autocannon') as (
  opts: CannonOptions,
) => CannonRun;

export interface Measurement {
  p50: number;
  p99: number;
  /** 2xx answers per second over the measured window. */
  perSecond: number;
  ok: number;
  /** Answers by status other than 2xx, plus socket errors and timeouts. */
  failures: Record<string, number>;
  /**
   * The server process's CPU time per 2xx answer over the measured window (user + system):
   * unlike the rate, it hardly moves with what else the shared machine is doing.
   */
  cpuMsPerAnswer?: number;
}

export interface LoadSpec {
  connections: number;
  /** A fresh request each time (autocannon calls it once per request). */
  request: () => CannonRequest;
}

/** One turn's raw figures: each response's time, so that turns can be summed exactly. */
interface Turn {
  ok: number;
  failures: Record<string, number>;
  times: number[];
  seconds: number;
  cpu?: number;
}

async function run(url: string, spec: LoadSpec, seconds: number): Promise<Turn> {
  const running = autocannon({
    url,
    connections: spec.connections,
    duration: seconds,
    requests: [{ setupRequest: () => spec.request() }],
  });
  const times: number[] = [];
  running.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const result = await running;
  let ok = 0;
  const failures: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats)) {
    if (status.startsWith('2')) ok += count;
    else failures[status] = count;
  }
  if (result.errors > 0) failures.errors = result.errors;
  if (result.timeouts > 0) failures.timeouts = result.timeouts;
  return { ok, failures, times, seconds: result.duration };
}

export interface Measured {
  url: string;
  /** The server process's CPU seconds so far (user + system), if it can be read. */
  cpuSeconds: () => number | undefined;
}

/**
 * Each server warmed up (figures dropped), then measured in alternating turns (first, second,
 * first, …) whose figures are summed: a shared machine's speed drifts over a minute, and
 * alternating lets the drift weigh on both alike. The percentiles are those of every response
 * of the turns.
 */
export async function measureAlternating(
  servers: Measured[],
  spec: LoadSpec,
  opts: { warmupSeconds: number; seconds: number; rounds: number },
): Promise<Measurement[]> {
  for (const server of servers) await run(server.url, spec, opts.warmupSeconds);
  const turns = servers.map((): Turn[] => []);
  for (let r = 0; r < opts.rounds; r++) {
    for (const [i, server] of servers.entries()) {
      const before = server.cpuSeconds();
      const measured = await run(server.url, spec, opts.seconds / opts.rounds);
      const after = server.cpuSeconds();
      const cpu = before === undefined || after === undefined ? undefined : after - before;
      turns[i]!.push({ ...measured, ...(cpu !== undefined && { cpu }) });
    }
  }
  return turns.map(summed);
}

/** The value below which `share` of the sorted times fall (nearest rank). */
const percentile = (sorted: number[], share: number) =>
  sorted.length === 0 ? 0 : sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!;

function summed(turns: Turn[]): Measurement {
  const ok = turns.reduce((n, t) => n + t.ok, 0);
  const failures: Record<string, number> = {};
  for (const t of turns)
    for (const [k, n] of Object.entries(t.failures)) failures[k] = (failures[k] ?? 0) + n;
  const times = turns.flatMap((t) => t.times).sort((a, b) => a - b);
  const cpus = turns.map((t) => t.cpu);
  const cpu = cpus.every((c) => c !== undefined) ? cpus.reduce((a, c) => a + c, 0) : undefined;
  return {
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    perSecond: ok / turns.reduce((n, t) => n + t.seconds, 0),
    ok,
    failures,
    ...(cpu !== undefined && ok > 0 && { cpuMsPerAnswer: (cpu * 1000) / ok }),
  };
}
