import { expect, test } from './support/fixtures';
import {
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  keepScreenshot,
  signIn,
  openFromMenu,
} from './registry-helpers';

// Issue 25 (decision 122): the company's settings page; with whole shares only on, Manage Shares
// says so under Shares and refuses a fraction before sending.

test('an administrator sets whole shares only and the certificate legend', async ({ page }) => {
  await signIn(page, demo.admin);
  await openFromMenu(page, 'Company', 'Settings');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Company Settings' })).toBeVisible();
  await expectAccessible(page, 'company settings');
  await keepScreenshot(page, 'company-settings-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  await keepScreenshot(page, 'company-settings-375');
  await page.setViewportSize({ width: 1280, height: 900 });

  const legend = 'THESE SHARES HAVE NOT BEEN REGISTERED UNDER THE SECURITIES ACT OF 1933.';
  await page.getByLabel('Whole shares only').check();
  await page.getByLabel('Certificate legend', { exact: true }).fill(legend);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.locator('.message-anchor .alert-success')).toContainText(
    'Your information was successfully updated.',
  );
  await page.reload();
  await expect(page.getByLabel('Whole shares only')).toBeChecked();
  await expect(page.getByLabel('Certificate legend', { exact: true })).toHaveValue(legend);

  try {
    await page.goto('/transaction');
    await expect(page.locator('#tx-shares-help')).toHaveText(
      'Whole shares only (company setting).',
    );
    await page.getByLabel('Shares', { exact: true }).fill('2.5');
    await page.getByRole('button', { name: 'Submit Transaction' }).click();
    // Told with the other fields' problems, before anything is sent.
    await expect(page.locator('#tx-Shares-error')).toContainText('whole shares only');
    await expect(page.getByLabel('Shares', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectAccessible(page, 'Manage Shares refusing a fraction');
  } finally {
    // The demo company issues fractions in other journeys: the setting goes back off.
    await page.goto('/settings');
    await page.getByLabel('Whole shares only').uncheck();
    await page.getByLabel('Certificate legend', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.locator('.message-anchor .alert-success')).toBeVisible();
  }
});
