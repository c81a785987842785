import type { Locator, Page } from '@playwright/test';

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would. */
export async function tabTo(
  page: Page,
  target: Locator,
  opts: { back?: boolean; max?: number } = {},
) {
  const key = opts.back ? 'Shift+Tab' : 'Tab';
  for (let i = 0; i < (opts.max ?? 80); i++) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${String(target)} was never reached with ${key}`);
}
