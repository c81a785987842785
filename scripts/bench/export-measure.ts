// The exports' row of the bench (issue 26, decision 125): the company ledger of the seeded
// registry as an XLSX download from the real app, read to the end as a client would, with the
// time it took and the server process's peak resident set (VmHWM, the kernel's maxRSS) before and
// after: the export streams in keyset batches, so the peak should not grow with the ledger.
import { readFileSync } from 'node:fs';

/** A Linux process's peak and current resident set in bytes, from /proc/<pid>/status. */
export function residentSet(pid: number | undefined): { peak: number; now: number } | undefined {
  if (pid === undefined) return undefined;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    return { peak: kb('VmHWM') * 1024, now: kb('VmRSS') * 1024 };
  } catch {
    return undefined;
  }
}

export interface ExportMeasure {
  seconds: number;
  bytes: number;
  status: number;
  fileName: string;
  /** The server's peak resident set before and after the export; the largest sampled during it. */
  peakBefore: number | undefined;
  peakAfter: number | undefined;
  sampledMax: number | undefined;
}

/** GETs `path` from the server and reads the body to the end, sampling its RSS every 100 ms. */
export async function measureExport(
  server: { url: string; pid: number | undefined },
  path: string,
  headers: Record<string, string>,
): Promise<ExportMeasure> {
  const peakBefore = residentSet(server.pid)?.peak;
  let sampledMax = residentSet(server.pid)?.now;
  const sampler = setInterval(() => {
    const now = residentSet(server.pid)?.now;
    if (now !== undefined) sampledMax = Math.max(sampledMax ?? 0, now);
  }, 100);
  const t0 = performance.now();
  try {
    const response = await fetch(`${server.url}${path}`, { headers });
    let bytes = 0;
    if (response.body) for await (const chunk of response.body) bytes += chunk.byteLength;
    return {
      seconds: (performance.now() - t0) / 1000,
      bytes,
      status: response.status,
      fileName: response.headers.get('content-disposition') ?? '',
      peakBefore,
      peakAfter: residentSet(server.pid)?.peak,
      sampledMax,
    };
  } finally {
    clearInterval(sampler);
  }
}

const mb = (bytes: number | undefined) =>
  bytes === undefined ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The row as the bench prints it. */
export const exportLine = (label: string, m: ExportMeasure) =>
  `${label}: ${m.status === 200 ? '' : `HTTP ${m.status}, `}${m.seconds.toFixed(1)} s, ` +
  `${mb(m.bytes)} written; server peak RSS ${mb(m.peakBefore)} before → ${mb(m.peakAfter)} after ` +
  `(largest sampled RSS during it ${mb(m.sampledMax)})`;
