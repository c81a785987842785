import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumFlags, findChromium } from './e2e/support/find-chromium';

// The main process picks these once; workers inherit them through the environment.
process.env.E2E_PORT ??= String(4300 + Math.floor(Math.random() * 500));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'registry-e2e-'));
// The local SMTP catcher and OpenID provider (Google's stand-in) started by e2e/support/e2e-server.ts.
process.env.E2E_OIDC_PORT ??= String(Number(process.env.E2E_PORT) + 1);
process.env.E2E_SMTP_PORT ??= String(Number(process.env.E2E_PORT) + 2);
const port = Number(process.env.E2E_PORT);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  use: {
    baseURL,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: await findChromium(), args: chromiumFlags },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node --import tsx e2e/support/e2e-server.ts',
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
