import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/find-chromium';
import { resultsDir, serverLogFile } from './e2e/support/trail';
import { freePort } from './scripts/free-port';

// The main process picks these once; workers inherit them through the environment. The app, the
// local OpenID provider (Google's stand-in) and the SMTP catcher started by
// e2e/support/e2e-server.ts each get a free port of their own.
const [appPort, oidcPort, smtpPort] = await Promise.all([freePort(), freePort(), freePort()]);
process.env.E2E_PORT ??= String(appPort);
process.env.E2E_OIDC_PORT ??= String(oidcPort);
process.env.E2E_SMTP_PORT ??= String(smtpPort);
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'registry-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: resultsDir,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: join(resultsDir, 'e2e-results.json') }]],
  use: {
    baseURL,
    headless: true,
    // A failed journey keeps its trace (actions, DOM snapshots, network) and a screenshot of its
    // end; the trace's screencast frames are left out: recorded for every journey, they cost
    // about a sixth of the browser tests' CPU (decision 098).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: await chromiumLaunchOptions(),
  },
  projects: [
    {
      name: 'chromium',
      use: { browserName: 'chromium' },
      testIgnore: '**/zz-no-secrets-leaked.spec.ts',
      // Runs after every test, failed ones included: no secret in the server log or browsers.
      teardown: 'leak-check',
    },
    { name: 'leak-check', testMatch: '**/zz-no-secrets-leaked.spec.ts' },
  ],
  webServer: {
    // Everything the server says goes to a file the leak check reads (a failed start: see it).
    command: `mkdir -p ${quote(resultsDir)} && exec node --import tsx e2e/support/e2e-server.ts >> ${quote(serverLogFile())} 2>&1`,
    url: `${baseURL}/healthz`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      DEMO_DATA: 'true',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      E2E_OIDC_PORT: process.env.E2E_OIDC_PORT,
      E2E_SMTP_PORT: process.env.E2E_SMTP_PORT,
    },
  },
});
