import { strFromU8, unzipSync } from 'fflate';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { CapTableResponse } from '../src/contract/cap-table';
import type { DirectoryResponse } from '../src/contract/ledger';
import { formatShares } from '../src/contract/format';
import { expect, test } from './support/fixtures';
import {
  api,
  demo,
  expectNoHorizontalScroll,
  keepScreenshot,
  openFromMenu,
  signIn,
} from './registry-helpers';

// Issue 26 (decision 125): the exports. An administrator exports the cap table to Excel from its
// page; the workbook read back holds the page's figures as numbers.

/** The workbook's rows by their first cell (the holder, or a totals row's label). */
async function workbookRows(path: string): Promise<Map<string, ExcelJS.Row>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows = new Map<string, ExcelJS.Row>();
  sheet.eachRow((row) => rows.set(row.getCell(1).text, row));
  return rows;
}

test('an administrator exports the cap table to Excel; the file holds the page’s figures', async ({
  page,
}) => {
  await signIn(page, demo.admin);
  await openFromMenu(page, 'Registry', 'Cap Table');
  await expect(page).toHaveURL(/\/cap-table$/);
  const today = await api<CapTableResponse>(page, '/api/v1/cap-table');
  const holders = page.getByRole('table', { name: 'Top holders and ownership by class' });
  const first = today.topHolders[0]!;
  await expect(holders.locator('tbody tr').first()).toContainText(first.name);
  await expect(holders.locator('tbody tr').first()).toContainText(formatShares(first.balance));
  await expect(page.getByRole('region', { name: 'Totals' })).toContainText(
    formatShares(today.totals.outstanding),
  );

  const excel = page.getByRole('link', { name: 'Export Excel' });
  await expect(excel).toHaveAttribute('href', `/api/v1/exports/cap-table.xlsx?asOf=${today.asOf}`);
  const [download] = await Promise.all([page.waitForEvent('download'), excel.click()]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^[a-z0-9-]+-cap-table-${today.asOf}\\.xlsx$`),
  );
  const rows = await workbookRows(await download.path());
  const header = rows.get('Holder')!;
  expect(header.getCell(6).value).toBe('Total shares');
  expect(header.font).toMatchObject({ bold: true });
  // The page's first holder: their shares and ownership, as numbers.
  const holder = rows.get(first.name)!;
  expect(holder.getCell(6).value).toBe(Number(first.balance));
  expect(holder.getCell(6).numFmt).toBe('#,##0.00');
  expect(holder.getCell(7).value).toBe(Number(first.ownershipPercent));
  // The totals: every holder of record, all shares outstanding.
  const total = rows.get(`Total (${today.totals.holders} holders)`)!;
  expect(total.getCell(6).value).toBe(Number(today.totals.outstanding));
  for (const cls of today.classes) {
    const classTotal = rows.get(`Total ${cls.name}`)!;
    expect(classTotal.getCell(6).value).toBe(Number(cls.outstanding));
  }
  // Every holder of record is in the file, not only the page's top holders.
  expect(rows.size).toBe(1 + today.totals.holders + today.classes.length + 1);

  // The whole registry of the same date as an Open Cap Format package.
  const ocf = page.getByRole('link', { name: 'Export OCF' });
  const [pkg] = await Promise.all([page.waitForEvent('download'), ocf.click()]);
  expect(pkg.suggestedFilename()).toMatch(new RegExp(`-${today.asOf}\\.ocf\\.zip$`));
  const files = unzipSync(await readFile(await pkg.path()));
  const manifest = JSON.parse(strFromU8(files['Manifest.ocf.json']!)) as Record<string, unknown>;
  expect(manifest).toMatchObject({ file_type: 'OCF_MANIFEST_FILE', as_of: today.asOf });
});

test('a past date’s exports, on a phone, from the cap table and a statement', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, demo.admin);
  await page.goto('/cap-table?asOf=2022-06-30');
  await expect(page.getByText('As of Jun 30, 2022')).toBeVisible();
  for (const [name, format] of [
    ['Export CSV', 'csv'],
    ['Export Excel', 'xlsx'],
  ] as const) {
    const link = page.getByRole('link', { name });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute(
      'href',
      `/api/v1/exports/cap-table.${format}?asOf=2022-06-30`,
    );
  }
  // Each export a one-line button as tall as Print, inside the page's margins.
  const print = (await page.getByRole('button', { name: 'Print' }).boundingBox())!;
  const contentRight = await page
    .locator('main')
    .evaluate(
      (m) => m.getBoundingClientRect().right - parseFloat(getComputedStyle(m).paddingRight),
    );
  for (const name of ['Export CSV', 'Export Excel', 'Export OCF']) {
    const box = (await page.getByRole('link', { name }).boundingBox())!;
    expect(Math.abs(box.height - print.height), name).toBeLessThan(2);
    expect(box.x + box.width, name).toBeLessThanOrEqual(contentRight);
  }
  await expectNoHorizontalScroll(page);
  await keepScreenshot(page, 'cap-table-exports-phone');

  const directory = await api<DirectoryResponse>(page, '/api/v1/shareholders');
  const holderId = directory.rows[0]!.id;
  await page.goto(`/view?SH_UID=${holderId}&asOf=2023-01-31`);
  const csv = page.getByRole('link', { name: 'Export CSV' });
  await expect(csv).toHaveAttribute(
    'href',
    `/api/v1/exports/statement/${holderId}.csv?asOf=2023-01-31`,
  );
  await expectNoHorizontalScroll(page);
  const [download] = await Promise.all([page.waitForEvent('download'), csv.click()]);
  expect(download.suggestedFilename()).toMatch(/-statement-[a-z0-9-]+-2023-01-31\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  expect(text.split('\r\n')[0]).toMatch(/^Date,Type,Certificate,Class,Shares,/);
});
