import { expect, test } from './support/fixtures';
import { demo } from './support/auth';

// The server is started as a newcomer would: it listens on 127.0.0.1 and prints both addresses,
// while PUBLIC_URL is http://localhost:PORT (playwright.config.ts).
const port = process.env.E2E_PORT!;

test('signing in at http://127.0.0.1:PORT works: the browser is sent to PUBLIC_URL first', async ({
  page,
}) => {
  await page.goto(`http://127.0.0.1:${port}/login`);
  await expect(page).toHaveURL(`http://localhost:${port}/login`);
  await page.getByLabel('E-mail').fill(demo.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(demo.admin.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: /Shareholders|Directory/ }).first()).toBeVisible();
  await expect(page).toHaveURL(`http://localhost:${port}/`);
});

test('a failed Google sign-in shows the reason the server gave', async ({ page }) => {
  await page.goto('/login?error=unavailable');
  await expect(page.getByRole('alert')).toHaveText(
    'Google sign-in is not available on this server.',
  );
  await page.goto('/login?error=signup_disabled');
  await expect(page.getByRole('alert')).toContainText('No shareholder uses this Google address.');
});
