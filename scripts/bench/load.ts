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
  latency: { p50: number; p99: number };
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

/** One load run; with each response's time, so that rounds can be summed exactly. */
async function run(
  url: string,
  spec: LoadSpec,
  seconds: number,
): Promise<Measurement & { times: number[]; seconds: number }> {
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
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    perSecond: ok / result.duration,
    ok,
    failures,
    times,
    seconds: result.duration,
  };
}

export interface Measured {
  url: string;
  /** The server process's CPU seconds so far (user + system), if it can be read. */
  cpuSeconds: () => number | undefined;
}

/**
 * Each server warmed up (figures dropped), then measured in alternating rounds (first, second,
 * first, …) whose figures are summed: a shared machine's speed drifts over a minute, and
 * alternating lets the drift weigh on both alike. The percentiles are those of every response
 * of the rounds.
 */
export async function measureAlternating(
  servers: Measured[],
  spec: LoadSpec,
  opts: { warmupSeconds: number; seconds: number; rounds: number },
): Promise<Measurement[]> {
  for (const server of servers) await run(server.url, spec, opts.warmupSeconds);
  const rounds = servers.map((): Round[] => []);
  for (let r = 0; r < opts.rounds; r++) {
    for (const [i, server] of servers.entries()) {
      const before = server.cpuSeconds();
      const measured = await run(server.url, spec, opts.seconds / opts.rounds);
      const after = server.cpuSeconds();
      const cpu = before === undefined || after === undefined ? undefined : after - before;
      rounds[i]!.push({ ...measured, ...(cpu !== undefined && { cpu }) });
    }
  }
  return rounds.map(summed);
}

type Round = Measurement & { times: number[]; seconds: number; cpu?: number };

/** The value below which `share` of the sorted times fall (nearest rank). */
const percentile = (sorted: number[], share: number) =>
  sorted.length === 0 ? 0 : sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!;

function summed(rounds: Round[]): Measurement {
  const ok = rounds.reduce((n, r) => n + r.ok, 0);
  const failures: Record<string, number> = {};
  for (const r of rounds)
    for (const [k, n] of Object.entries(r.failures)) failures[k] = (failures[k] ?? 0) + n;
  const times = rounds.flatMap((r) => r.times).sort((a, b) => a - b);
  const cpus = rounds.map((r) => r.cpu);
  const cpu = cpus.every((c) => c !== undefined) ? cpus.reduce((a, c) => a + c, 0) : undefined;
  return {
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    perSecond: ok / rounds.reduce((n, r) => n + r.seconds, 0),
    ok,
    failures,
    ...(cpu !== undefined && ok > 0 && { cpuMsPerAnswer: (cpu * 1000) / ok }),
  };
}
