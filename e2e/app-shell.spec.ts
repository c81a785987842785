import { expect, test } from './support/fixtures';
import {
  demo,
  expectAccessible,
  keepScreenshot,
  openPhoneMenu,
  signInByApi,
} from './registry-helpers';

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

test('the CSP watch of every spec sees a blocked inline script', async ({
  page,
  cspViolations,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true;';
    document.head.append(script);
  });
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
  expect(cspViolations.join('\n')).toMatch(/script-src/);
  // Provoked on purpose: taken out, so the fixture's own check (0 violations) passes.
  cspViolations.length = 0;
});

test('the brand and the 404 page link home without a page reload', async ({ page }) => {
  await signInByApi(page, demo.admin);
  await page.goto('/password');
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  // A mark that a full page load would wipe out.
  await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
  const brand = page.locator('.navbar-brand');
  await expect(brand).toHaveAttribute('href', '/');
  await brand.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shareholders' })).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // An unknown address reached inside the app (no request to the server).
  await page.evaluate(() => {
    window.history.pushState(null, '', '/no-such-page');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectAccessible(page, 'page not found');
  await keepScreenshot(page, 'not-found');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shareholders' })).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('an unknown address typed into the browser shows the 404 page with the navbar', async ({
  page,
}) => {
  await signInByApi(page, demo.admin);
  const res = await page.goto('/no-such-page?x=1');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.locator('.navbar-brand')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shareholders' })).toBeVisible();
});

test('the phone menu closes with Escape and gives focus back to its button', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInByApi(page, demo.admin);
  await page.goto('/');
  const toggle = await openPhoneMenu(page);
  const manage = page.getByRole('link', { name: 'Manage Shares' });
  await expect(manage).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(manage).toBeHidden();
  await expect(toggle).toBeFocused();
});

test('the phone menu says whether it is open, and closes once a link is chosen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInByApi(page, demo.admin);
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await openPhoneMenu(page);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await keepScreenshot(page, 'phone-menu-open');
  await page.getByRole('link', { name: 'Change Password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Change Password' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage Shares' })).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // The link of the page already shown closes it too.
  await openPhoneMenu(page);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Manage Shares' })).toBeVisible();
  await page.getByRole('link', { name: 'Change Password' }).click();
  await expect(page.getByRole('link', { name: 'Manage Shares' })).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('a heading focused after a keyboard navigation shows no focus ring', async ({ page }) => {
  await signInByApi(page, demo.admin);
  await page.goto('/');
  await page.getByRole('link', { name: 'Change Password' }).focus();
  await page.keyboard.press('Enter');
  const heading = page.getByRole('heading', { level: 1, name: 'Change Password' });
  await expect(heading).toBeFocused();
  expect(await heading.evaluate((h) => getComputedStyle(h).outlineStyle)).toBe('none');
});

test('the login page loads at most 150 kB of JavaScript, and no schema library', async ({
  page,
}) => {
  const scripts: { url: string; bytes: number }[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    void request
      .sizes()
      .then((s) => scripts.push({ url: request.url(), bytes: s.responseBodySize }));
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(150 * 1024);
  // The page's constants come from the zod-free contract (src/contract/constants).
  expect(scripts.map((s) => s.url).filter((url) => /\/assets\/zod-[\w-]+\.js$/.test(url))).toEqual(
    [],
  );
});
