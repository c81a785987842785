import type { UserInfo } from '../src/contract/user-info';
import type { StockholderListResponse } from '../src/contract/cap-table';
import { expect, test } from './support/fixtures';
import {
  api,
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  keepScreenshot,
  signIn,
  openFromMenu,
} from './registry-helpers';

// Issue 25: the stockholder list of DGCL §219 (decision 121): the holders of record on a date,
// by class, alphabetically, with address and shares; printable, and as a CSV.

test('an administrator prints the stockholder list of a record date and downloads its CSV', async ({
  page,
}) => {
  await signIn(page, demo.admin);
  await openFromMenu(page, 'Registry', 'Stockholder List');
  await expect(page).toHaveURL(/\/stockholder-list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Stockholder List' })).toBeVisible();
  const today = await api<StockholderListResponse>(page, '/api/v1/stockholder-list');
  for (const cls of today.classes) {
    const section = page.getByRole('region', { name: cls.name });
    await expect(section.getByRole('heading', { level: 2, name: cls.name })).toBeVisible();
    if (cls.holders.length === 0) continue;
    // Every holder of record, in the list's order (alphabetical), with their shares.
    const names = section.locator('tbody th');
    await expect(names).toHaveText(cls.holders.map((h) => h.name));
    const first = section.locator('tbody tr').first();
    await expect(first).toContainText(cls.holders[0]!.address);
  }
  await expectAccessible(page, 'stockholder list');
  await keepScreenshot(page, 'stockholder-list');

  // A record date in the address: that date's holders.
  await page.goto('/stockholder-list?asOf=2022-06-30');
  await expect(page.getByLabel('Record date')).toHaveValue('2022-06-30');
  await expect(page.getByText('stockholders of record as of Jun 30, 2022')).toBeVisible();
  const past = await api<StockholderListResponse>(page, '/api/v1/stockholder-list?asOf=2022-06-30');
  const common = past.classes.find((c) => c.classType === 'common')!;
  await expect(page.getByRole('region', { name: common.name }).locator('tbody th')).toHaveText(
    common.holders.map((h) => h.name),
  );

  // The CSV of the same date (the exports', decision 125): named for it, a header, one row per
  // holder and class; its first address still answers it.
  const link = page.getByRole('link', { name: 'Export CSV' });
  await expect(link).toHaveAttribute(
    'href',
    '/api/v1/exports/stockholder-list.csv?asOf=2022-06-30',
  );
  await expect(page.getByRole('link', { name: 'Export Excel' })).toHaveAttribute(
    'href',
    '/api/v1/exports/stockholder-list.xlsx?asOf=2022-06-30',
  );
  const csv = await page.request.get('/api/v1/stockholder-list.csv?asOf=2022-06-30');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-disposition']).toContain('stockholder-list-2022-06-30.csv');
  const lines = (await csv.text()).trimEnd().split('\r\n');
  expect(lines[0]).toBe('Class,Name,Address,City,State,Postal code,Country,Shares');
  expect(lines).toHaveLength(1 + past.classes.reduce((n, c) => n + c.holders.length, 0));

  // Printed: the list, not the controls.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByLabel('Record date')).toBeHidden();
  await expect(link).toBeHidden();
  await expect(page.getByRole('region', { name: common.name }).locator('table')).toBeVisible();
  await keepScreenshot(page, 'stockholder-list-print');
  await page.emulateMedia({ media: 'screen' });
});

test('the stockholder list on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, demo.admin);
  await page.goto('/stockholder-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Stockholder List' })).toBeVisible();
  await expect(page.locator('.stockholder-list-table').first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'stockholder list at 375 px');
  await keepScreenshot(page, 'stockholder-list-375');
});

test('a shareholder cannot read the stockholder list', async ({ page }) => {
  await signIn(page, demo.holder);
  const me = await api<UserInfo>(page, '/api/v1/userInfo', 'POST');
  await page.goto('/stockholder-list');
  // Sent to their own statement, saying why; the page itself never shows.
  await expect(page).toHaveURL(new RegExp(`/view\\?SH_UID=${me.SH_ID}$`));
  await expect(
    page.getByText(
      'You were brought to your own statement: your account cannot open that page, which is for administrators.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Stockholder List' })).toHaveCount(0);
  expect((await page.request.get('/api/v1/stockholder-list')).status()).toBe(403);
  expect((await page.request.get('/api/v1/stockholder-list.csv')).status()).toBe(403);
});
