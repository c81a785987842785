// npm run lighthouse: scores of /login and the directory (the administrator's home) on the built
// app served by the real server, with Debian's Chromium. Targets: performance ≥ 0.95,
// accessibility 1.0, best practices ≥ 0.95; the JavaScript /login loads ≤ 150 kB as sent over
// the wire (the bytes Lighthouse saw transferred: compressed, headers included).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { desktopConfig } from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { findBrowser } from '../e2e/support/find-chromium';
import { freePort } from './free-port';

const root = fileURLToPath(new URL('..', import.meta.url));

const JS_LIMIT = 150 * 1024;
const port = await freePort();
const base = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'registry-lh-'));

const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const stop = () => {
  server.kill('SIGTERM');
};

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
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

let failed = false;
try {
  await waitForServer();
  const browser = await findBrowser();
  const chrome = await chromeLauncher.launch({
    chromePath: browser.executablePath,
    chromeFlags: ['--headless=new', ...browser.args],
  });
  try {
    const pages: Array<{
      name: string;
      url: string;
      headers?: () => Promise<Record<string, string>>;
    }> = [
      { name: '/login', url: `${base}/login` },
      {
        name: 'directory (/ as administrator)',
        url: `${base}/`,
        headers: async () => ({ Cookie: await adminCookie() }),
      },
    ];
    const rows: string[][] = [];
    for (const page of pages) {
      const result = await lighthouse(
        page.url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          extraHeaders: page.headers ? await page.headers() : undefined,
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        },
        desktopConfig,
      );
      if (!result) throw new Error(`no Lighthouse result for ${page.url}`);
      if (result.lhr.runtimeError) console.error(page.name, result.lhr.runtimeError);
      const c = result.lhr.categories;
      const score = (k: string) => c[k]?.score ?? 0;
      const requests = result.lhr.audits['network-requests']?.details as
        | {
            items?: Array<{
              url: string;
              resourceType?: string;
              transferSize?: number;
              resourceSize?: number;
            }>;
          }
        | undefined;
      const scripts = (requests?.items ?? []).filter((i) => i.resourceType === 'Script');
      if (scripts.length === 0) throw new Error(`Lighthouse saw no script on ${page.url}`);
      const jsSent = scripts.reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
      const jsRaw = scripts.reduce((sum, i) => sum + (i.resourceSize ?? 0), 0);
      // A transfer as large as the files means nothing was compressed: say so plainly.
      if (jsSent >= jsRaw)
        console.warn(`${page.name}: scripts were sent uncompressed (${jsSent} bytes).`);
      const ok =
        score('performance') >= 0.95 &&
        score('accessibility') >= 1 &&
        score('best-practices') >= 0.95 &&
        (page.name !== '/login' || jsSent <= JS_LIMIT);
      if (!ok) failed = true;
      rows.push([
        page.name,
        score('performance').toFixed(2),
        score('accessibility').toFixed(2),
        score('best-practices').toFixed(2),
        `${(jsSent / 1024).toFixed(1)} kB (${scripts.length} files, ${(jsRaw / 1024).toFixed(0)} kB raw)`,
        ok ? 'yes' : 'NO',
      ]);
    }
    const head = [
      'page',
      'performance (≥0.95)',
      'accessibility (1.0)',
      'best practices (≥0.95)',
      'JS transferred (login ≤150 kB)',
      'meets targets',
    ];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (r: string[]) => `| ${r.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
    console.log(
      [
        '',
        line(head),
        `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
        ...rows.map(line),
      ].join('\n'),
    );
  } finally {
    chrome.kill();
  }
} catch (e) {
  console.error(e);
  failed = true;
} finally {
  stop();
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
