import { expect, test } from './support/fixtures';
import type { Page } from '@playwright/test';
import type { CompanyLedgerResponse } from '../src/contract/company-ledger';
import {
  api,
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  hundredths,
  keepScreenshot,
  signIn,
  openFromMenu,
} from './registry-helpers';

// Issue 25: an administrator reads the company ledger, narrows it by type, date and holder, sorts
// it, reloads (the address keeps the view), follows a holder to their statement, and reads it at
// 375 px.

const rowsOf = (page: Page) => page.locator('.ledger-table tbody tr');

/** The column's cells of every listed row, once the table has settled. */
async function column(page: Page, label: string): Promise<string[]> {
  await expect(page.locator('.ledger-table')).toHaveAttribute('aria-busy', 'false');
  return page
    .locator(`.ledger-table tbody td[data-label="${label}"]`)
    .evaluateAll((cells) => cells.map((c) => (c as HTMLElement).innerText.trim()));
}

test('the company ledger: filters and sort held in the address, links, empty state, 375 px', async ({
  page,
}) => {
  test.slow(); // axe on several screens, on a shared machine
  await signIn(page, demo.admin);
  await openFromMenu(page, 'Registry', 'Ledger');
  await expect(page).toHaveURL(/\/ledger$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Company ledger' })).toBeVisible();
  await expect(rowsOf(page).first()).toBeVisible();
  const all = await api<CompanyLedgerResponse>(page, '/api/v1/ledger?pageSize=1');
  await expect(
    page.getByText(`of ${all.total.toLocaleString('en-US')} transactions`),
  ).toBeVisible();
  await expectAccessible(page, 'company ledger');
  await keepScreenshot(page, 'company-ledger');

  // Newest first by default.
  const dates = await column(page, 'Date');
  expect(dates.map((d) => Date.parse(d))).toEqual(
    [...dates.map((d) => Date.parse(d))].sort((a, b) => b - a),
  );

  // Transfers out since 2000, fewest shares first: each choice goes to the address.
  await page.getByLabel('Type').selectOption({ label: 'Transfer Out' });
  await expect(page).toHaveURL(/type=Transferred/);
  await page.getByLabel('From', { exact: true }).fill('2000-01-01');
  await expect(page).toHaveURL(/from=2000-01-01/);
  await page.getByLabel('Sort by').selectOption('shares');
  await page.getByLabel('Order').selectOption('asc');
  await expect(page).toHaveURL(/sort=shares/);
  await expect(page).toHaveURL(/dir=asc/);
  const check = async () => {
    const types = await column(page, 'Type');
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types.map((t) => t.replace(/[−+]/g, '').trim()))).toEqual(
      new Set(['Transfer Out']),
    );
    const shares = (await column(page, 'Shares')).map(hundredths);
    expect(shares).toEqual([...shares].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  };
  await check();

  // A reload keeps the view: the address holds it.
  await page.reload();
  await expect(page.getByLabel('Type')).toHaveValue('Transferred');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('2000-01-01');
  await expect(page.getByLabel('Sort by')).toHaveValue('shares');
  await check();

  // Rows per page is the page nav's (as in the directory and the register), kept in the address.
  const rowsPerPage = page
    .getByRole('navigation', { name: 'Ledger pages' })
    .getByLabel('Rows per page');
  await expect(rowsPerPage).toHaveValue('50');
  await rowsPerPage.selectOption('100');
  await expect(page).toHaveURL(/[?&]size=100(&|$)/);
  await expect(page.getByLabel('Rows per page')).toHaveCount(1);
  await check();

  // Certificates link to their page; a holder's "only" narrows the ledger to them.
  const certificateLink = page
    .locator('.ledger-table tbody td[data-label="Certificate"] a')
    .first();
  await expect(certificateLink).toHaveAttribute('href', /^\/certificates\/[0-9a-f-]{36}$/);
  const firstHolder = page.locator('.ledger-table tbody td[data-label="Holder"] a').first();
  const holderName = (await firstHolder.innerText()).trim();
  await page
    .getByRole('button', { name: `Show only ${holderName}'s transactions` })
    .first()
    .click();
  await expect(page).toHaveURL(/holderId=[0-9a-f-]{36}/);
  await expect(page.getByRole('button', { name: /Remove the holder filter/ })).toContainText(
    holderName,
  );
  const holderLinks = page.locator('.ledger-table tbody td[data-label="Holder"] a');
  await expect
    .poll(async () => new Set(await holderLinks.allInnerTexts()))
    .toEqual(new Set([holderName]));
  await expectAccessible(page, 'company ledger, one holder');
  await page.locator('.ledger-table tbody td[data-label="Holder"] a').first().click();
  await expect(page).toHaveURL(/\/view\?SH_UID=[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { level: 1, name: 'Balance' })).toBeVisible();
  await expect(page.locator('main')).toContainText(holderName);
  await page.goBack();
  await page.getByRole('button', { name: /Remove the holder filter/ }).click();
  await expect(page).not.toHaveURL(/holderId=/);

  // Nothing matches: said so, with the filters still there to change.
  await page.getByLabel('From', { exact: true }).fill('2999-01-01');
  await expect(page.getByText('No transactions match these filters.')).toBeVisible();
  await expectAccessible(page, 'company ledger, nothing matches');

  // At 375 px: one card per transaction, nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/ledger?type=Transferred');
  await expect(rowsOf(page).first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'company ledger at 375 px');
  await keepScreenshot(page, 'company-ledger-375');
});
