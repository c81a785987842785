// npm run lighthouse: scores of /login, the directory (the administrator's home) and the cap
// table on the built app served by the real server (npm start's own entry), with Debian's
// Chromium. Targets: performance ≥ 0.95, accessibility 1.0, best practices ≥ 0.95; the JavaScript
// /login loads ≤ 150 kB as sent over the wire (the bytes Lighthouse saw transferred: compressed,
// headers included); the cap table ≤ 180 kB before its chart chunk (what the administrator's
// home, the directory, loads, 175 kB, and the page's own 5 kB) and the chart chunk (Chart.js,
// loaded by that page alone after its tables) ≤ 64 kB (decision 121). Exit 1 when a target is
// missed.
// `-- --smoke`: the same run with the accessibility category only, nothing judged: it shows that
// the build, the server, Chromium and Lighthouse work together, in a fraction of the time (the
// README commands test runs it; a loaded CI machine cannot judge performance anyway).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { desktopConfig } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { findBrowser, FULL_SYSTEM_PATHS } from '../e2e/support/find-chromium';
import { freePort } from './free-port';

const root = fileURLToPath(new URL('..', import.meta.url));
const smoke = process.argv.slice(2).includes('--smoke');
const categories = smoke ? ['accessibility'] : ['performance', 'accessibility', 'best-practices'];

const JS_LIMIT = 150 * 1024;
/** The cap table's Chart.js chunk (features/cap-table/cap-table-charts.tsx), counted apart. */
const CHART_CHUNK = /\/assets\/cap-table-charts-[^/]*\.js/;
const CHART_LIMIT = 64 * 1024;
/** The cap table's scripts but the chart chunk: the administrator's pages' shared code and its own. */
const CAP_TABLE_LIMIT = 180 * 1024;
const port = await freePort();
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'registry-lh-'));

const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SESSION_SECRET: '',
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    // The server's mode (no SESSION_SECRET needed); the build makes production bundles anyway.
    NODE_ENV: 'development',
  },
  // Its banner and log are not what this prints; a failed start says why on stderr.
  stdio: ['ignore', 'ignore', 'inherit'],
});

/** Until it answers: a server that exits first (a failed build, a port in use) ends the wait. */
async function waitForServer() {
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code) => reject(new Error(`the server exited (code ${code})`))),
  );
  exited.catch(() => {});
  for (let i = 0; i < 1800; i++) {
    try {
      if ((await Promise.race([fetch(`${base}/healthz`), exited])).ok) return;
    } catch (e) {
      if (server.exitCode !== null) throw e;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not answer within 3 minutes');
}

async function adminCookie(): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username: 'admin@acme.test', password: 'demo-admin-2026' }),
  });
  if (!res.ok) throw new Error(`demo administrator sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

interface Page {
  name: string;
  url: string;
  headers?: () => Promise<Record<string, string>>;
  /** Whether the page's scripts hold its JS budget (none: no budget). */
  budget?: (js: ScriptBytes) => boolean;
}

const pages: Page[] = [
  { name: '/login', url: `${base}/login`, budget: (js) => js.sent <= JS_LIMIT },
  {
    name: 'directory (/ as administrator)',
    url: `${base}/`,
    headers: async () => ({ Cookie: await adminCookie() }),
  },
  {
    name: '/cap-table (administrator)',
    url: `${base}/cap-table`,
    headers: async () => ({ Cookie: await adminCookie() }),
    budget: (js) =>
      js.chart > 0 && js.sent - js.chart <= CAP_TABLE_LIMIT && js.chart <= CHART_LIMIT,
  },
];

interface Request {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

interface ScriptBytes {
  sent: number;
  raw: number;
  files: number;
  /** Of `sent`, the cap table's chart chunk. */
  chart: number;
}

/** The scripts' bytes as sent and as files, from the network-requests audit. */
function scriptBytes(page: Page, audit: { details?: unknown } | undefined): ScriptBytes {
  const items = (audit?.details as { items?: Request[] } | undefined)?.items ?? [];
  const scripts = items.filter((i) => i.resourceType === 'Script');
  if (scripts.length === 0) throw new Error(`Lighthouse saw no script on ${page.url}`);
  const sent = scripts.reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  const raw = scripts.reduce((sum, i) => sum + (i.resourceSize ?? 0), 0);
  // A transfer as large as the files means nothing was compressed: say so plainly.
  if (sent >= raw) console.warn(`${page.name}: scripts were sent uncompressed (${sent} bytes).`);
  const chart = scripts
    .filter((i) => CHART_CHUNK.test(i.url))
    .reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  return { sent, raw, files: scripts.length, chart };
}

/** One page's row of the table, and whether it meets the targets (always, in a smoke run). */
async function score(page: Page, chromePort: number): Promise<{ row: string[]; ok: boolean }> {
  const result = await lighthouse(
    page.url,
    {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      extraHeaders: page.headers ? await page.headers() : undefined,
      onlyCategories: categories,
    },
    desktopConfig,
  );
  if (!result) throw new Error(`no Lighthouse result for ${page.url}`);
  if (result.lhr.runtimeError) throw new Error(`${page.name}: ${result.lhr.runtimeError.message}`);
  const c = result.lhr.categories;
  const value = (k: string) => c[k]?.score ?? 0;
  const shown = (k: string) => (c[k] ? value(k).toFixed(2) : '-');
  if (smoke) {
    const row = [page.name, shown('performance'), shown('accessibility'), shown('best-practices')];
    return { row: [...row, '-', 'not judged (--smoke)'], ok: true };
  }
  const js = scriptBytes(page, result.lhr.audits['network-requests']);
  const ok =
    value('performance') >= 0.95 &&
    value('accessibility') >= 1 &&
    value('best-practices') >= 0.95 &&
    (page.budget?.(js) ?? true);
  const chart = js.chart > 0 ? `, charts ${(js.chart / 1024).toFixed(1)} kB of it` : '';
  const bytes = `${(js.sent / 1024).toFixed(1)} kB (${js.files} files, ${(js.raw / 1024).toFixed(0)} kB raw${chart})`;
  const row = [page.name, shown('performance'), shown('accessibility'), shown('best-practices')];
  return { row: [...row, bytes, ok ? 'yes' : 'NO'], ok };
}

function printTable(rows: string[][]): void {
  const head = [
    'page',
    'performance (≥0.95)',
    'accessibility (1.0)',
    'best practices (≥0.95)',
    'JS transferred (login ≤150 kB; cap table ≤180 kB + charts ≤64 kB)',
    'meets targets',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) => `| ${r.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  console.log(['', line(head), rule, ...rows.map(line)].join('\n'));
}

let failed = false;
try {
  await waitForServer();
  const browser = await findBrowser({ systemPaths: FULL_SYSTEM_PATHS });
  const chrome = await chromeLauncher.launch({
    chromePath: browser.executablePath,
    chromeFlags: ['--headless=new', ...browser.args],
  });
  try {
    const rows: string[][] = [];
    for (const page of pages) {
      const { row, ok } = await score(page, chrome.port);
      rows.push(row);
      if (!ok) failed = true;
    }
    printTable(rows);
  } finally {
    chrome.kill();
  }
} catch (e) {
  console.error(e);
  failed = true;
} finally {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
