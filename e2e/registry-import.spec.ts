import type { Page } from '@playwright/test';
import type { DirectoryResponse } from '../src/contract/ledger';
import { expect, test } from './support/fixtures';
import {
  api,
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  keepScreenshot,
  openFromMenu,
  signIn,
} from './registry-helpers';

// Issue 26: the demo administrator imports holders, then their opening positions, from
// spreadsheets. A file with a bad row is previewed with the error beside its row and writes
// nothing; the fixed file is imported at once, with a receipt; the same file again is recognised
// on its preview and writes nothing.

const run = Date.now().toString(36);
const email = (who: string) => `${who}-${run}@import.example`;

const csv = (rows: string[][]) => ({
  mimeType: 'text/csv',
  buffer: Buffer.from(`${rows.map((r) => r.join(',')).join('\r\n')}\r\n`, 'utf8'),
});

/** The directory's holders whose name has this run's tag, with their balances. */
const tagged = async (page: Page) =>
  (await api<DirectoryResponse>(page, `/api/v1/shareholders?search=${run}&pageSize=50`)).rows.map(
    (r) => ({ name: r.name, balance: r.balance }),
  );

async function preview(page: Page, name: string, file: ReturnType<typeof csv>) {
  await page.getByLabel('File', { exact: true }).setInputFiles({ name, ...file });
  await page.getByRole('button', { name: 'Preview' }).click();
}

test('an administrator imports holders and their positions from spreadsheets', async ({ page }) => {
  await signIn(page, demo.admin);
  await openFromMenu(page, 'Company', 'Import Spreadsheet');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Import from a spreadsheet' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'CSV' })).toHaveAttribute(
    'href',
    '/api/v1/imports/templates/holders.csv',
  );

  // Holders, one with a bad e-mail: the error beside row 3, nothing written.
  const holders = (third: string) => [
    ['Legal Name', 'E-mail', 'Zip_Code'],
    [`Ada Import ${run}`, email('ada'), '19901'],
    [`Ben Import ${run}`, third, '19901'],
    [`Cy Import ${run}`, email('cy'), ''],
  ];
  await preview(page, 'holders.csv', csv(holders('ben-at-example')));
  const plan = page.getByRole('table', { name: 'What each row will do' });
  const row3 = plan.getByRole('row').filter({ hasText: `Ben Import ${run}` });
  await expect(row3).toContainText(
    'Error, E-mail: Enter an e-mail address such as name@example.com.',
  );
  await expect(row3).toHaveClass(/table-danger/);
  await expect(page.locator('.message-anchor')).toContainText('1 error. Nothing was written');
  await expect(page.getByRole('button', { name: /^Import \d+ rows?$/ })).toHaveCount(0);
  await expectAccessible(page, 'spreadsheet import, an error');
  await keepScreenshot(page, 'import-spreadsheet-error');
  expect(await tagged(page)).toEqual([]);

  // Fixed: previewed clean, imported, the receipt says what was written.
  await preview(page, 'holders.csv', csv(holders(email('ben'))));
  await expect(plan.getByRole('row').filter({ hasText: `Ada Import ${run}` })).toContainText(
    `create holder Ada Import ${run} <${email('ada')}>`,
  );
  await page.getByRole('button', { name: 'Import 3 rows' }).click();
  const receipt = page.locator('.sheet-import-receipt');
  await expect(receipt).toContainText('Imported 3 rows from holders.csv.');
  await expect(receipt).toContainText('3 holders created');
  expect((await tagged(page)).map((h) => h.balance)).toEqual(['0.00', '0.00', '0.00']);

  // Opening positions, one row with too many decimals: the ledger is unchanged.
  await page.getByLabel('What the file holds').selectOption('transactions');
  const positions = (shares: string) => [
    ['Type', 'Date', 'email', 'stock_class_id', 'quantity', 'share_price'],
    ['New Issue', '2024-01-15', email('ada'), 'Common', '1000', '0.01'],
    ['New Issue', '2024-01-15', email('ben'), 'Common', shares, '0.01'],
  ];
  await preview(page, 'positions.csv', csv(positions('250.125')));
  await expect(plan.getByRole('row').filter({ hasText: email('ben') })).toContainText(
    `new issue of 250.125 for ${email('ben')} (not read)` +
      'Error, quantity: Shares takes at most 2 decimals; 250.125 has 3.',
  );
  expect((await tagged(page)).map((h) => h.balance)).toEqual(['0.00', '0.00', '0.00']);

  await preview(page, 'positions.csv', csv(positions('250')));
  await expect(plan).toContainText(`issue 1,000.00 Common to Ada Import ${run} at $0.01 a share`);
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(receipt).toContainText('2 operations posted');
  await expect(receipt).toContainText('Certificates issued: CS-');
  await keepScreenshot(page, 'import-spreadsheet-receipt');
  expect(await tagged(page)).toEqual([
    { name: `Ada Import ${run}`, balance: '1000.00' },
    { name: `Ben Import ${run}`, balance: '250.00' },
    { name: `Cy Import ${run}`, balance: '0.00' },
  ]);

  // The same file again: the first import's receipt, nothing written twice.
  await preview(page, 'positions.csv', csv(positions('250')));
  await expect(receipt).toContainText('This file was already imported on');
  await expect(page.getByRole('button', { name: 'Import 2 rows' })).toHaveCount(0);
  expect((await tagged(page)).map((h) => h.balance)).toEqual(['1000.00', '250.00', '0.00']);

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page);
  await keepScreenshot(page, 'import-spreadsheet-375');
});

test('the import page works by keyboard alone', async ({ page }) => {
  await signIn(page, demo.admin);
  await page.goto('/import/spreadsheet');
  await page.getByLabel('What the file holds').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'CSV' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Excel (XLSX)' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('File', { exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Preview' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Choose a CSV or XLSX file.')).toBeVisible();
});
