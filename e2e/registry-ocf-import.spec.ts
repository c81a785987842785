import type { CapTableResponse } from '../src/contract/cap-table';
import { expect, test } from './support/fixtures';
import {
  api,
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  keepScreenshot,
  openFromMenu,
  signIn,
} from './registry-helpers';

// Issue 26: the demo administrator exports the registry as an Open Cap Format package and reads
// it back on the import page, on a phone: the dry run lists what the package holds, and the
// import is refused, since a package imports into an empty registry only. Nothing is written.

test('an OCF package exported from the cap table reads back as a dry run, on a phone', async ({
  page,
}) => {
  await signIn(page, demo.admin);
  const before = await api<CapTableResponse>(page, '/api/v1/cap-table');
  await page.goto('/cap-table');
  const [pkg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export OCF' }).click(),
  ]);

  await openFromMenu(page, 'Company', 'Import OCF Package');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Import an OCF package' }),
  ).toBeVisible();
  await page.getByLabel('Package', { exact: true }).setInputFiles(await pkg.path());
  await page.getByRole('button', { name: 'Dry run' }).click();

  const outcome = page.getByRole('status').filter({ hasText: 'Dry run: nothing was written.' });
  await expect(outcome).toContainText('a package imports into an empty registry only');
  const report = page.getByRole('region', { name: 'Import report' });
  const holders = report.getByRole('table', { name: 'Holders' });
  // Every holder of record (and those the history names, holding nothing now).
  await expect(holders).toContainText(before.topHolders[0]!.name, { timeout: 15_000 });
  expect(await holders.locator('tbody tr').count()).toBeGreaterThanOrEqual(before.totals.holders);
  await expect(report.getByRole('table', { name: 'Share classes' })).toContainText('Common');
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'OCF import dry run at 375 px');
  await keepScreenshot(page, 'ocf-import-dry-run-375');

  // The dry run wrote nothing.
  expect(await api<CapTableResponse>(page, '/api/v1/cap-table')).toEqual(before);
});
