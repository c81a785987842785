import type { Page } from '@playwright/test';
import { formatShares } from '../src/contract/format';
import type { DirectoryResponse } from '../src/contract/ledger';
import { expect, test } from './support/fixtures';
import {
  api,
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  hundredths,
  keepScreenshot,
  signIn,
} from './registry-helpers';

// Issue 25 (decision 122): Manage Shares reviews a transaction before it posts (what it records,
// the certificates, each holder's balance before and after), keeps its consideration and
// approval, and an administrator reverses it from the holder's statement; both operations then
// show the link.

const run = Date.now().toString(36);

async function atBothWidths(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  await keepScreenshot(page, `${name}-375`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('review a New Issue, record it, and reverse it from the statement', async ({ page }) => {
  test.slow(); // axe on six screens at two widths: about 50 s on an idle machine
  await signIn(page, demo.admin);
  const directory = await api<DirectoryResponse>(page, '/api/v1/shareholders?pageSize=200');
  const holder = directory.rows[directory.rows.length - 1]!;
  const note = `e2e ${run} review and reverse`;

  await page.goto('/transaction');
  await page.getByLabel('Search From Shareholder', { exact: true }).fill(holder.name);
  const select = page.locator('select[name="from"]');
  await expect(select.locator(`option[value="${holder.id}"]`)).toHaveCount(1);
  await select.selectOption(holder.id);
  await page.getByLabel('Shares', { exact: true }).fill('12');
  await page.getByLabel('Cost', { exact: true }).fill('2');
  await page.getByLabel('Notes', { exact: true }).fill(note);
  await page.getByText('Consideration and approval').click();
  await page.getByLabel('Consideration', { exact: true }).fill('24');
  await page.getByLabel('Approval reference', { exact: true }).fill(`Board consent ${run}`);
  await expectAccessible(page, 'Manage Shares with consideration and approval');

  // Submit shows the review, focused, with the holder's balance before and after.
  await page.getByRole('button', { name: 'Submit Transaction' }).click();
  const review = page.getByRole('heading', { name: 'Review the transaction' });
  await expect(review).toBeFocused();
  const balances = page.getByRole('table').nth(1);
  const row = balances.getByRole('row', { name: new RegExp(holder.name) });
  // Before: the directory's balance (all classes); after: 12 shares more, as the page writes them.
  const after = hundredths(holder.balance) + 1200n;
  await expect(row.getByRole('cell')).toHaveText([
    formatShares(holder.balance),
    formatShares(`${after / 100n}.${String(after % 100n).padStart(2, '0')}`),
  ]);
  await expect(page.getByRole('table').first()).toContainText('New certificate');
  await expect(page.getByText('for 24.00 USD in all')).toBeVisible();
  await expectAccessible(page, 'Manage Shares review');
  await atBothWidths(page, 'transaction-review');

  // Back keeps the values; Record posts them.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Notes', { exact: true })).toHaveValue(note);
  await page.getByRole('button', { name: 'Submit Transaction' }).click();
  await page.getByRole('button', { name: 'Record' }).click();
  await expect(page.locator('.message-anchor .alert-success')).toContainText(
    'Your information was successfully updated.',
  );

  // The statement shows the consideration and approval; Reverse asks a reason.
  await page.goto(`/view?SH_UID=${holder.id}`);
  const issued = page.getByRole('row', { name: new RegExp(note) });
  await expect(issued).toContainText('Consideration: 24.00 USD');
  await expect(issued).toContainText(`Board consent ${run}`);
  await issued.getByRole('button', { name: /^Reverse the New Issue/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Reverse this operation' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Reverse', exact: true }).click();
  await expect(dialog.locator('#reverse-reason-error')).toBeVisible();
  await dialog.getByLabel('Reason', { exact: true }).fill(`Entered twice ${run}`);
  await expectAccessible(page, 'reverse dialog');
  await atBothWidths(page, 'reverse-dialog');
  await dialog.getByRole('button', { name: 'Reverse', exact: true }).click();
  const done = page.getByRole('dialog', { name: 'Operation reversed' });
  await expect(done.getByRole('status')).toContainText('Recorded: Cancel');
  await expectAccessible(page, 'reversal receipt');
  await done.getByRole('button', { name: 'Close', exact: true }).last().click();

  // Both operations show the link; the original stays.
  await expect(issued).toContainText('Reversed by operation');
  const reversal = page.getByRole('row', { name: new RegExp(`Entered twice ${run}`) });
  await expect(reversal).toContainText('Reversal of operation');
  await expect(issued.getByRole('button', { name: /^Reverse/ })).toHaveCount(0);
  await expectAccessible(page, 'statement with a reversal');
  await atBothWidths(page, 'statement-reversal');
});
