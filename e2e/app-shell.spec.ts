import { expect, test } from '@playwright/test';

test('the app shell loads with the dark navbar and no CSP violation', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    // The signed-out session check answers 401 by design; anything else (a CSP violation) counts.
    if (m.type() === 'error' && !/status of 401/.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  const response = await page.goto('/login');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.locator('nav.navbar.bg-dark')).toBeVisible();
  await expect(page.locator('main.app-container')).toBeVisible();
  const maxWidth = await page
    .locator('main.app-container')
    .evaluate((el) => getComputedStyle(el).maxWidth);
  expect(maxWidth).toBe('1200px');
  expect(problems).toEqual([]);
});

test('an unknown API path answers JSON 404 in the browser too', async ({ request }) => {
  const res = await request.get('/api/nope');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ code: 'HTTP.NOT_FOUND' });
});
