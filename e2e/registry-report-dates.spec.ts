import { expect, test } from './support/fixtures';
import type { Page } from '@playwright/test';
import type { DirectoryResponse } from '../src/contract/ledger';
import type { UserInfo } from '../src/contract/user-info';
import { formatDate } from '../src/contract/format';
import { todayIn } from '../src/ledger';
import {
  api,
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  keepScreenshot,
  signIn,
} from './registry-helpers';

// Journey: a report's as-of date. A date in the address that is not a date, or is after the
// company's today, falls back to today with a notice; the form's date stops at today, and the
// API refuses a later one.

/** The demo company's today (its zone is the default, America/New_York), and the day after. */
const today = () => todayIn('America/New_York');
const tomorrow = () =>
  new Date(Date.parse(`${today()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const widths = [1280, 375] as const;

const notice = (page: Page) => page.getByRole('alert').filter({ hasText: 'in the address' });

/** The form's date input refuses a later date and keeps the address as it was. */
async function expectFutureRefusedByTheForm(page: Page) {
  const input = page.getByLabel('As of date');
  await expect(input).toHaveAttribute('max', today());
  const before = page.url();
  await input.fill(tomorrow());
  await expect(page.getByText(`cannot be after today (${formatDate(today())})`)).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(page.url()).toBe(before);
  await input.fill('2024-06-30');
  await expect(page).toHaveURL(/asOf=2024-06-30/);
  await expect(input).not.toHaveAttribute('aria-invalid', 'true');
}

for (const width of widths) {
  test(`directory at ${width} px: a bad or future as-of date in the address shows today, with a notice`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, demo.admin);
    const now = await api<DirectoryResponse>(page, '/api/v1/shareholders');
    const totalShares = page
      .locator('.summary-card', { has: page.getByRole('heading', { name: 'Total Shares' }) })
      .locator('.summary-card-value');
    const refused = await page.request.get(`/api/v1/shareholders?asOf=${tomorrow()}`);
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ field: 'asOf' });

    for (const [asOf, words] of [
      ['2024-02-30', '“2024-02-30”, is not a date'],
      [tomorrow(), `${formatDate(tomorrow())}, is after today`],
    ] as const) {
      await page.goto(`/?asOf=${asOf}`);
      await expect(notice(page)).toContainText(words);
      await expect(notice(page)).toContainText("Showing today's figures");
      await expect(page.getByLabel('As of date')).toHaveValue(today());
      await expect(page.getByText(`as of ${formatDate(today())}`)).toBeVisible();
      await expect(totalShares).toHaveText(Number(now.totals.totalShares).toLocaleString('en-US'));
    }
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, `directory with a future as-of date at ${width} px`);
    await keepScreenshot(page, `directory-future-as-of-${width}`);

    await page.goto('/');
    await expect(notice(page)).toHaveCount(0);
    await expectFutureRefusedByTheForm(page);
    await expect(page.locator('.directory-table')).toHaveAttribute('aria-busy', 'false');
    await page.getByLabel('As of date').fill(tomorrow());
    await keepScreenshot(page, `directory-as-of-refused-${width}`);
  });

  test(`statement at ${width} px: a holder's bad or future as-of date shows today, with a notice`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, demo.holder);
    const me = await api<UserInfo>(page, '/api/v1/userInfo', 'POST');
    const own = `/view?SH_UID=${me.SH_ID}`;
    await expect(page.getByRole('heading', { name: 'Transaction History' })).toBeVisible();
    const pdf = await page.request.get(
      `/api/v1/shareholders/${me.SH_ID}/statement.pdf?asOf=${tomorrow()}`,
    );
    expect(pdf.status()).toBe(400);
    expect(await pdf.json()).toMatchObject({ field: 'asOf' });

    for (const [asOf, words] of [
      ['garbage', '“garbage”, is not a date'],
      [tomorrow(), `${formatDate(tomorrow())}, is after today`],
    ] as const) {
      await page.goto(`${own}&asOf=${asOf}`);
      await expect(notice(page)).toContainText(words);
      await expect(page.getByLabel('As of date')).toHaveValue(today());
      await expect(
        page.locator('.statement-meta div', { hasText: 'As of' }).locator('dd'),
      ).toHaveText(formatDate(today()));
      // The PDF is today's too.
      const link = page.getByRole('link', { name: 'Download PDF' });
      await expect(link).toHaveAttribute('href', /statement\.pdf$/);
    }
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page, `statement with a future as-of date at ${width} px`);
    await keepScreenshot(page, `statement-future-as-of-${width}`);

    await page.goto(own);
    await expect(notice(page)).toHaveCount(0);
    await expectFutureRefusedByTheForm(page);
    await expect(page.getByRole('heading', { name: 'Transaction History' })).toBeVisible();
    await page.getByLabel('As of date').fill(tomorrow());
    await keepScreenshot(page, `statement-as-of-refused-${width}`);
  });
}
