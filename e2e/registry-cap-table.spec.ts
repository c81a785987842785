import type { UserInfo } from '../src/contract/user-info';
import type { CapTableResponse } from '../src/contract/cap-table';
import { formatShares } from '../src/contract/format';
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

// Issue 25: the cap table as of a date (decision 121): totals, the class summary and the top
// holders as charts (Chart.js, loaded by this page alone) and as tables, which are what a screen
// reader reads and what prints.

test('an administrator reads the cap table today and on a past date, and prints it', async ({
  page,
}) => {
  await signIn(page, demo.admin);
  await openFromMenu(page, 'Registry', 'Cap Table');
  await expect(page).toHaveURL(/\/cap-table$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cap Table' })).toBeVisible();
  // Three charts drawn, each hidden from assistive technology (the tables carry the figures).
  await expect(page.locator('figure.cap-table-figure canvas')).toHaveCount(3);
  for (const figure of await page.locator('figure.cap-table-figure').all())
    await expect(figure).toHaveAttribute('aria-hidden', 'true');

  const today = await api<CapTableResponse>(page, '/api/v1/cap-table');
  const classes = page.getByRole('table', { name: 'Share classes' });
  for (const c of today.classes)
    await expect(classes.getByRole('row', { name: new RegExp(c.name) })).toContainText(
      formatShares(c.outstanding),
    );
  const holders = page.getByRole('table', { name: 'Top holders and ownership by class' });
  const rows = today.topHolders.length + (today.others.holders > 0 ? 1 : 0);
  await expect(holders.locator('tbody tr')).toHaveCount(rows);
  const first = today.topHolders[0]!;
  await expect(holders.locator('tbody tr').first()).toContainText(first.name);
  await expect(holders.locator('tbody tr').first()).toContainText(`${first.ownershipPercent}%`);
  if (today.others.holders > 0)
    await expect(holders.locator('tbody tr').last()).toContainText(
      `All others (${today.others.holders} holders)`,
    );
  await expectAccessible(page, 'cap table');
  await keepScreenshot(page, 'cap-table');

  // An earlier date, typed in: the address keeps it, the figures are that date's.
  await page.getByLabel('As of date').fill('2022-06-30');
  await expect(page).toHaveURL(/\/cap-table\?asOf=2022-06-30$/);
  await expect(page.getByText('As of Jun 30, 2022')).toBeVisible();
  const past = await api<CapTableResponse>(page, '/api/v1/cap-table?asOf=2022-06-30');
  await expect(holders.locator('tbody tr').first()).toContainText(past.topHolders[0]!.name);
  await expect(page.getByRole('region', { name: 'Totals' })).toContainText(
    formatShares(past.totals.outstanding),
  );
  await expectAccessible(page, 'cap table on a past date');

  // The stockholder list of the same date is one link away.
  await expect(page.getByRole('link', { name: 'Stockholder list of this date' })).toHaveAttribute(
    'href',
    '/stockholder-list?asOf=2022-06-30',
  );

  // Printed: the tables, not the charts, nor the controls.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('figure.cap-table-figure').first()).toBeHidden();
  await expect(page.getByLabel('As of date')).toBeHidden();
  await expect(holders).toBeVisible();
  await expect(classes).toBeVisible();
  await keepScreenshot(page, 'cap-table-print');
  await page.emulateMedia({ media: 'screen' });
});

test('the cap table on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, demo.admin);
  await page.goto('/cap-table');
  await expect(page.locator('figure.cap-table-figure canvas')).toHaveCount(3);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'cap table at 375 px');
  await keepScreenshot(page, 'cap-table-375');
});

test('a shareholder cannot open the cap table', async ({ page }) => {
  await signIn(page, demo.holder);
  const me = await api<UserInfo>(page, '/api/v1/userInfo', 'POST');
  await page.goto('/cap-table');
  // Sent to their own statement, saying why; the page itself never shows.
  await expect(page).toHaveURL(new RegExp(`/view\\?SH_UID=${me.SH_ID}$`));
  await expect(
    page.getByText(
      'You were brought to your own statement: your account cannot open that page, which is for administrators.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Cap Table' })).toHaveCount(0);
  const res = await page.request.get('/api/v1/cap-table');
  expect(res.status()).toBe(403);
});
