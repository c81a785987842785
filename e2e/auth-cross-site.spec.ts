import { demo, signInByApi } from './registry-helpers';
import { expect, test } from './support/fixtures';

// A page opened at an address other than PUBLIC_URL (a proxy or a bookmark the canonical-host
// redirect cannot reach) sends its writes with that Origin. The server refuses them as
// cross-site; the page must say so in words, not fall back to an empty login form.
const port = process.env.E2E_PORT!;
const foreign = `http://127.0.0.1:${port}`;

test('a write refused as cross-site is explained on the page', async ({ page }) => {
  await signInByApi(page, demo.admin);
  // The browser's own requests, with the Origin a page opened at 127.0.0.1 would send.
  // (Chromium keeps its own Origin on a continued request: the request is sent from the test.)
  await page.route('**/api/v1/userInfo', async (route) =>
    route.fulfill({
      response: await route.fetch({ headers: { ...route.request().headers(), origin: foreign } }),
    }),
  );
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/v1/userInfo'));
  await page.goto('/');
  expect((await refused).status()).toBe(403);
  await expect(page.getByRole('alert')).toContainText(
    `This page was opened at ${foreign}, but the registry only accepts changes from ` +
      `http://localhost:${port}. Open http://localhost:${port} and try again.`,
  );
  await expect(page.getByRole('button', { name: 'Log In' })).toHaveCount(0);
});
