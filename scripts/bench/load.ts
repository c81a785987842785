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
const autocannon = createRequire(import.meta.url)('autocannon') as (
  opts: CannonOptions,
) => Promise<CannonResult>;

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

async function run(url: string, spec: LoadSpec, seconds: number): Promise<Measurement> {
  const result = await autocannon({
    url,
    connections: spec.connections,
    duration: seconds,
    requests: [{ setupRequest: () => spec.request() }],
  });
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
  };
}

/** A warm-up run whose figures are dropped, then the measured run. */
export async function measure(
  url: string,
  spec: LoadSpec,
  opts: { warmupSeconds: number; seconds: number; cpuSeconds?: () => number | undefined },
): Promise<Measurement> {
  if (opts.warmupSeconds > 0) await run(url, spec, opts.warmupSeconds);
  const cpuBefore = opts.cpuSeconds?.();
  const measured = await run(url, spec, opts.seconds);
  const cpuAfter = opts.cpuSeconds?.();
  if (cpuBefore === undefined || cpuAfter === undefined || measured.ok === 0) return measured;
  return { ...measured, cpuMsPerAnswer: ((cpuAfter - cpuBefore) * 1000) / measured.ok };
}
