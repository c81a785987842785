import { expect, test } from './support/fixtures';
import {
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  keepScreenshot,
  signIn,
} from './registry-helpers';

// An administrator imports the connected Salesforce org (the local Salesforce-compatible server
// the test server starts): a dry run first, then the import, then the holders are in the
// directory with their Salesforce balances.

test('import from Salesforce: dry run, import, the holders in the directory', async ({ page }) => {
  await signIn(page, demo.admin);
  await page.getByRole('link', { name: 'Import' }).click();
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
