import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../scripts/free-port';
import { spawnServer } from '../src/server/test-support/spawn-server';
import { demo } from './support/auth';
import { expect, test } from './support/fixtures';
import { serverLogFile } from './support/trail';

// A newcomer's start: nothing set but the port and the data folder (no HOST, no PUBLIC_URL, no
// Google, no SMTP), on the embedded database with its demo data. The shared e2e server configures
// Google and mail, so the first start is checked on a server of its own.
test('a default start: signing in at http://127.0.0.1:PORT works, and no Google button', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'registry-default-start-'));
  const server = spawnServer({ PORT: String(port), DATA_DIR: dataDir }, { newcomer: true });
  try {
    expect(await server.ready).toBe(`http://localhost:${port}`);
    const providers = page.waitForResponse((r) => r.url().endsWith('/auth/providers'));
    await page.goto(`http://127.0.0.1:${port}/login`);
    await expect(page).toHaveURL(`http://localhost:${port}/login`);
    expect(await (await providers).json()).toEqual({ google: false });
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    // Google sign-in is not configured: no button that could only fail.
    await expect(page.getByRole('button', { name: 'Login with Google' })).toHaveCount(0);
    await page.getByLabel('E-mail').fill(demo.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(demo.admin.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shareholders' })).toBeVisible();
    await expect(page).toHaveURL(`http://localhost:${port}/`);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    // Its log goes through the same leak check as the shared server's.
    appendFileSync(serverLogFile(), server.output());
    rmSync(dataDir, { recursive: true, force: true });
  }
});
