import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demo } from './support/auth';

const axe = async (page: Page, screen: string) => {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    screen,
  ).toEqual([]);
};

test('the sign-in pages are accessible and usable with the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await axe(page, '/login');
  await page.getByLabel('E-mail').focus();
  await page.keyboard.type(demo.holder.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(demo.holder.password);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Log In' })).toBeFocused();

  await page.goto('/forgot-password');
  await expect(page.getByRole('button', { name: 'Send Reset Email' })).toBeVisible();
  await axe(page, '/forgot-password');
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toBeVisible();
  await axe(page, '/reset-password');

  // Enter submits the login form.
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(demo.holder.email);
  await page.getByLabel('Password', { exact: true }).fill(demo.holder.password);
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/password');
  await expect(page.getByLabel('Current password')).toBeVisible();
  await axe(page, '/password');
});
