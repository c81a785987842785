import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../scripts/free-port';
import { demo } from './support/auth';
import { expect, test } from './support/fixtures';

// A newcomer's start: nothing set but the port and the data folder (no HOST, no PUBLIC_URL, no
// Google, no SMTP), on the embedded database with its demo data. The shared e2e server configures
// Google and mail, so the first start is checked on a server of its own.
const root = fileURLToPath(new URL('..', import.meta.url));

async function startDefaultServer(): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'registry-default-start-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  while (!out.includes(`Open http://localhost:${port}\n`)) {
    if (child.exitCode !== null || Date.now() - started > 90_000) {
      await stop();
      throw new Error(`the server did not come up:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, stop };
}

test('a default start: signing in at http://127.0.0.1:PORT works, and no Google button', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const server = await startDefaultServer();
  try {
    const providers = page.waitForResponse((r) => r.url().endsWith('/auth/providers'));
    await page.goto(`http://127.0.0.1:${server.port}/login`);
    await expect(page).toHaveURL(`http://localhost:${server.port}/login`);
    expect(await (await providers).json()).toEqual({ google: false });
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    // Google sign-in is not configured: no button that could only fail.
    await expect(page.getByRole('button', { name: 'Login with Google' })).toHaveCount(0);
    await page.getByLabel('E-mail').fill(demo.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(demo.admin.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shareholders' })).toBeVisible();
    await expect(page).toHaveURL(`http://localhost:${server.port}/`);
  } finally {
    await server.stop();
  }
});
