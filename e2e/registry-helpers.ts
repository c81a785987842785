import { expect, type Page } from '@playwright/test';
import { demo } from './support/auth';
import { expectAccessible, keepScreenshot } from './support/screens';

export { demo, expectAccessible, keepScreenshot };

/** Signs in through the login form, as a person does, and waits to leave /login. */
export async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Signs in through the API (the cookie lands in the page's context): faster set-up. */
export async function signInByApi(page: Page, who: { email: string; password: string }) {
  const res = await page.request.post('/auth/login', {
    data: { username: who.email, password: who.password },
    headers: { origin: `http://localhost:${process.env.E2E_PORT}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** "1,234.50", "$1,234.50", "-3" → hundredths as bigint (exact, like the ledger). */
export function hundredths(text: string): bigint {
  const clean = text.replace(/[$,\s]/g, '').replace('−', '-');
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(clean);
  if (!m) throw new Error(`not an amount: ${text}`);
  const v = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -v : v;
}

/** The page must not scroll sideways (usable at 375 px). */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Calls the API with the page's session (same-origin header, as the browser sends it). */
export async function api<T>(page: Page, path: string, method: 'GET' | 'POST' = 'GET'): Promise<T> {
  const base = process.env.E2E_PORT ? `http://localhost:${process.env.E2E_PORT}` : '';
  const res =
    method === 'GET'
      ? await page.request.get(path)
      : await page.request.post(path, { headers: { origin: base } });
  expect(res.ok(), `${method} ${path}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** Opens a page from one of the navbar's menus: Registry (the registry's pages) or Company. */
export async function openFromMenu(page: Page, menu: 'Registry' | 'Company', item: string) {
  await page.getByRole('button', { name: menu, exact: true }).click();
  await page.getByRole('link', { name: item, exact: true }).click();
}

/**
 * Opens the phone menu with its toggle and waits for its opening slide to end (Bootstrap's `show`)
 * before anything in it is chosen, as a finger would. Mid-slide the links are clipped; Playwright
 * then scrolls the clipped box to reach one, the link moves between press and release, and the
 * click lands on the list instead (seen in CI; no finger scrolls that box).
 */
export async function openPhoneMenu(page: Page) {
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  await toggle.click();
  await expect(page.locator('#main-nav')).toHaveClass(/\bshow\b/);
  return toggle;
}
