import { expect, test } from './support/fixtures';
import { demo } from './support/auth';
import { expectAccessible, keepScreenshot } from './support/screens';

test('the sign-in pages are accessible and usable with the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await expectAccessible(page, '/login');
  await keepScreenshot(page, 'login');
  await page.getByLabel('E-mail').focus();
  await page.keyboard.type(demo.holder.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(demo.holder.password);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeFocused();

  await page.goto('/forgot-password');
  await expect(page.getByRole('button', { name: 'Send Reset Email' })).toBeVisible();
  await expectAccessible(page, '/forgot-password');
  await keepScreenshot(page, 'forgot-password');
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page, '/reset-password');
  await keepScreenshot(page, 'reset-password-no-token');

  // Enter submits the login form.
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(demo.holder.email);
  await page.getByLabel('Password', { exact: true }).fill(demo.holder.password);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/password');
  await expect(page.getByLabel('Current password')).toBeVisible();
  await expectAccessible(page, '/password');
  await keepScreenshot(page, 'password');
});
