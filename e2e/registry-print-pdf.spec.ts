import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { DirectoryResponse, StatementResponse } from '../src/contract/ledger';
import { api, demo, expectAccessible, keepScreenshot, signIn } from './registry-helpers';

// Journey 4: the statement printed (print media emulated, screenshot kept) and the PDF downloaded
// (its text holds the holder's name, the totals and every history row).

const fmtShares = (a: string) => {
  const [whole, fraction] = a.replace('-', '').split('.') as [string, string];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${a.startsWith('-') ? '-' : ''}${grouped}${fraction === '00' ? '' : `.${fraction}`}`;
};
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
const fmtDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
};

test('print the statement and download it as a PDF', async ({ page }, testInfo) => {
  await signIn(page, demo.admin);
  const found = await api<DirectoryResponse>(page, '/api/v1/shareholders?search=%C5%81ukasz');
  const holder = found.rows[0]!;
  const statement = await api<StatementResponse>(
    page,
    `/api/v1/shareholders/${holder.id}/statement`,
  );

  // Print Report before the data has arrived: the spec's message, not an empty printout.
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  await page.route('**/api/v1/shareholders/*/statement?*', async (route) => {
    await gate;
    await route.continue();
  });
  await page.route('**/api/v1/shareholders/*/statement', async (route) => {
    await gate;
    await route.continue();
  });
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
  });
  await page.goto(`/view?SH_UID=${holder.id}`);
  await expect(page.getByText('Loading data')).toBeVisible();
  await expect(page.getByText('This will only take a moment...')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading data' })).toBeVisible();
  await page.evaluate(() => {
    const w = window as unknown as { printed: number; print: () => void };
    w.printed = 0;
    w.print = () => {
      w.printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print Report' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'No shareholder data available to print. Please wait for the data to load.',
  );
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(0);
  await keepScreenshot(page, 'statement-loading');
  release();
  await expect(page.getByRole('heading', { name: 'Transaction History' })).toBeVisible();
  await page.getByRole('button', { name: 'Print Report' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // The print stylesheet: no navbar or buttons, the document with its header and table.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.navbar')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print Report' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Download PDF' })).toBeHidden();
  await expect(page.getByText('Acme Holdings, Inc.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Łukasz Żółć' })).toBeVisible();
  const thead = page.locator('.statement-table thead');
  expect(await thead.evaluate((el) => getComputedStyle(el).display)).toBe('table-header-group');
  expect(
    await page
      .locator('.statement-table tbody tr')
      .first()
      .evaluate((el) => getComputedStyle(el).breakInside),
  ).toBe('avoid');
  await keepScreenshot(page, 'statement-print');
  await page.emulateMedia({ media: 'screen' });
  await expectAccessible(page, 'statement');

  // Download PDF: named after the holder and date; its text holds name, totals and every row.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`statement-lukasz-zolc-${statement.asOf}.pdf`);
  const file = join(testInfo.outputDir, download.suggestedFilename());
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain('Łukasz Żółć');
  expect(text).toContain(`${fmtShares(statement.totals.balance)} shares`);
  expect(text).toContain(fmtShares(statement.totals.common));
  expect(text).toContain(fmtShares(statement.totals.preferred));
  const lines = text.split('\n');
  expect(statement.history.length).toBeGreaterThan(0);
  for (const row of statement.history) {
    const line = lines.find(
      (l) =>
        l.includes(` ${row.typeLabel} `) &&
        l.includes(fmtShares(row.balance)) &&
        l.includes(fmtDate(row.date)) &&
        l.trimStart().startsWith(row.certificate),
    );
    expect(line, `${row.certificate} ${row.typeLabel} ${row.balance} ${row.date}`).toBeDefined();
  }
});
