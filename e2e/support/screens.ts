import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const screenshotDir = join(import.meta.dirname, '..', 'screenshots');
const docsDir = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');

/** WCAG 2.0 / 2.1 / 2.2, levels A and AA: no violation allowed. */
export async function expectAccessible(page: Page, screen: string) {
  // axe measures the screen at rest: not the button the test's pointer last clicked (hovered,
  // or halfway through its transition to it; axe once failed Bootstrap's hovered outline button
  // there, at 4.5:1 exactly). Spinners' endless animations are not waited for.
  await page.mouse.move(0, 0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${screen}`).toEqual([]);
}

/**
 * Keeps a full-page screenshot of a screen in e2e/screenshots/ (gitignored). `docs: true` marks
 * the ones the README shows: with DOCS_SCREENSHOTS=1 they are also copied to docs/screenshots/
 * (opt-in, so an ordinary test run leaves the working tree clean).
 */
export async function keepScreenshot(page: Page, name: string, opts: { docs?: boolean } = {}) {
  mkdirSync(screenshotDir, { recursive: true });
  const file = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  if (opts.docs && process.env.DOCS_SCREENSHOTS === '1') {
    mkdirSync(docsDir, { recursive: true });
    copyFileSync(file, join(docsDir, `${name}.png`));
  }
}
