import type { Measurement } from './load';

export interface Row {
  name: string;
  app: Measurement;
  bare: Measurement;
  target: string;
  met: boolean;
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const rate = (value: number) => `${Math.round(value).toLocaleString('en-US')}/s`;
const cell = (m: Measurement) => `${ms(m.p50)}, ${ms(m.p99)}, ${rate(m.perSecond)}`;

const cpu = (m: Measurement) =>
  m.cpuMsPerAnswer === undefined ? '-' : `${m.cpuMsPerAnswer.toFixed(2)} ms`;

/** The ratio column: throughput of the app over the bare handler's (1.00 = no overhead). */
export const ratio = (row: Pick<Row, 'app' | 'bare'>): number =>
  row.bare.perSecond === 0 ? 0 : row.app.perSecond / row.bare.perSecond;

/** A Markdown table, so that it can be pasted as is into a note or an issue. */
export function table(rows: Row[]): string {
  const header = [
    'measurement',
    'app (p50, p99, req/s)',
    'bare (p50, p99, req/s)',
    'ratio app/bare (req/s)',
    'server CPU per answer, app / bare',
    'target',
    'met?',
  ];
  const body = rows.map((r) => [
    r.name,
    cell(r.app),
    cell(r.bare),
    ratio(r).toFixed(2),
    `${cpu(r.app)} / ${cpu(r.bare)}`,
    r.target,
    r.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...body.map(line),
  ].join('\n');
}

/** Non-2xx answers and socket errors, per server, for the lines under the table. */
export function failures(rows: Row[]): string[] {
  const out: string[] = [];
  for (const r of rows) {
    for (const [side, m] of [
      ['app', r.app],
      ['bare', r.bare],
    ] as const) {
      const entries = Object.entries(m.failures);
      if (entries.length > 0) {
        out.push(`${r.name} — ${side}: ${entries.map(([k, v]) => `${v} × ${k}`).join(', ')}`);
      }
    }
  }
  return out;
}
