import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../scripts/free-port';
import { spawnServer } from '../src/server/test-support/spawn-server';
import { expect, test } from './support/fixtures';
import { serverLogFile } from './support/trail';
import {
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  keepScreenshot,
  signIn,
  openFromMenu,
} from './registry-helpers';

// An administrator imports the connected Salesforce org (the local Salesforce-compatible server
// the test server starts): a dry run first, then the import, then the holders are in the
// directory with their Salesforce balances.

test('import from Salesforce: dry run, import, the holders in the directory', async ({ page }) => {
  await signIn(page, demo.admin);
  await openFromMenu(page, 'Company', 'Import from Salesforce');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Import from Salesforce' }),
  ).toBeVisible();
  const importButton = page.getByRole('button', { name: 'Import', exact: true });
  await expect(importButton).toBeDisabled();

  await page.getByRole('button', { name: 'Dry run' }).click();
  const report = page.getByRole('region', { name: 'Import report' });
  await expect(report).toContainText('Dry run: nothing was written.');
  await expect(report).toContainText('No problems found.');
  await expect(report).toContainText('2 Shareholder__c, 3 Share__c, 6 Share_Transaction__c');
  await expect(report).toContainText('2 holders, 3 certificates, 4 operations');
  await expectAccessible(page, 'Import from Salesforce');
  await keepScreenshot(page, 'import-salesforce-dry-run');

  await importButton.click();
  await expect(report).toContainText('Imported.');
  await expect(importButton).toBeDisabled();
  await keepScreenshot(page, 'import-salesforce-imported');

  // A second dry run finds everything already imported.
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(report).toContainText(/Would create\s*0 holders, 0 certificates, 0 operations/);

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  await keepScreenshot(page, 'import-salesforce-375');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.getByLabel('Search by name').fill('Ann Archer');
  await expect(page.getByRole('row').filter({ hasText: 'Ann Archer' })).toContainText('60');
});

// The shared e2e server has a Salesforce org connected; a company without one is checked on a
// server of its own, started with nothing about Salesforce.
test('with no Salesforce org connected, the Import page says so on arrival, in plain words', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'registry-no-salesforce-'));
  const server = spawnServer({ PORT: String(port), DATA_DIR: dataDir });
  try {
    const origin = await server.ready;
    let runs = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/v1/import/salesforce')) runs++;
    });
    await page.goto(`${origin}/login`);
    await page.getByLabel('E-mail').fill(demo.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(demo.admin.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Shareholders' })).toBeVisible();
    await openFromMenu(page, 'Company', 'Import from Salesforce');
    const notice = page.getByRole('region', { name: 'Salesforce is not connected' });
    await expect(notice).toContainText(
      "This registry is not connected to your company's Salesforce yet, so there is nothing to import.",
    );
    await expect(notice).not.toContainText('SALESFORCE_CLIENT');
    await expect(page.getByRole('button', { name: 'Dry run' })).toBeDisabled();
    expect(runs).toBe(0);
    await expectAccessible(page, 'Import with no Salesforce org');
    await keepScreenshot(page, 'import-salesforce-not-connected');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoHorizontalScroll(page);
    await keepScreenshot(page, 'import-salesforce-not-connected-375');
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    appendFileSync(serverLogFile(), server.output());
    rmSync(dataDir, { recursive: true, force: true });
  }
});
