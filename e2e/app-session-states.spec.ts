import { expect, test } from './support/fixtures';
import { demo, expectAccessible, keepScreenshot, signInByApi } from './registry-helpers';

// Spec section 2 and 4: while the login state loads, only a centred "Loading..."; a session
// check that fails (not a 401) is shown with a Retry rather than treated as signed out.

test('while the login state loads, only a centred "Loading..." is shown', async ({ page }) => {
  await signInByApi(page, demo.admin);
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/v1/userInfo', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const loading = page.getByRole('status');
  await expect(loading).toHaveText('Loading...');
  // Nothing else: no navbar, no skip link, no loading bar, no page heading.
  await expect(page.locator('nav, .navbar')).toHaveCount(0);
  await expect(page.getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.locator('h1')).toHaveCount(0);
  expect((await page.locator('body').innerText()).trim()).toBe('Loading...');
  // Centred in the window.
  const box = (await page.getByText('Loading...').boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(2);
  await expectAccessible(page, 'login state loading');
  await keepScreenshot(page, 'login-state-loading');
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Shareholders' })).toBeVisible();
  await expect(page.locator('.navbar')).toBeVisible();
});

test('a failed session check shows what failed and a Retry, not the login page', async ({
  page,
}) => {
  await signInByApi(page, demo.admin);
  let calls = 0;
  await page.route('**/api/v1/userInfo', async (route) => {
    calls += 1;
    if (calls === 1)
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'HTTP.INTERNAL', message: 'The server had a problem.' }),
      });
    else await route.continue();
  });
  await page.goto('/');
  const panel = page.getByRole('alert');
  await expect(panel.getByRole('heading')).toHaveText('Could not load your sign-in status');
  await expect(panel).toContainText('The server had a problem.');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Log In' })).toHaveCount(0);
  await expectAccessible(page, 'session check failed');
  await keepScreenshot(page, 'session-check-failed');
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shareholders' })).toBeVisible();
  expect(calls).toBe(2);
});

test('a 401 from the session check still goes to /login', async ({ page }) => {
  await page.goto('/transaction');
  await expect(page).toHaveURL(/\/login\?next=%2Ftransaction$/);
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
});
