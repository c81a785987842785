import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from './support/fixtures';
import type { Page } from '@playwright/test';
import type { DirectoryResponse, StatementResponse } from '../src/contract/ledger';
import { api, demo, expectAccessible, keepScreenshot, signIn } from './registry-helpers';
import { notesWithReason } from '../src/ledger';

// Journey 4: the statement printed (print media, as a real print to PDF, screenshot kept) and the
// PDF downloaded (its text holds the holder's name, the totals and every history row).

const fmtShares = (a: string) => {
  const [whole, fraction] = a.replace('-', '').split('.') as [string, string];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${a.startsWith('-') ? '-' : ''}${grouped}${fraction === '00' ? '' : `.${fraction}`}`;
};
const fmtCost = (a: string) => {
  const [whole, fraction] = a.replace('-', '').split('.') as [string, string];
  return `${a.startsWith('-') ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
};
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
const fmtDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
};
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The text of each page of a PDF (pdftotext, layout kept). */
const pdfPages = (file: string): string[] =>
  execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
    .split('\f')
    .filter((p) => p.trim() !== '');

const HEADINGS = /Certificate\s+Type\s+Origin\s+Cost\s+Shares\s+Balance\s+Date\s+Notes/;
const ROWS = 36;
/** Notes long enough to wrap over several lines: a row split across pages would show. */
const rowNote = (n: number) => {
  const id = String(n).padStart(2, '0');
  return [`print-row-${id}`, ...Array.from({ length: 12 }, (_, w) => `r${id}w${w + 1}`)].join(' ');
};

/** A long history for the holder: ROWS new issues recorded through the API. */
async function recordManyRows(page: Page, holderId: string, date: string) {
  const origin = `http://localhost:${process.env.E2E_PORT}`;
  for (let n = 1; n <= ROWS; n++) {
    const res = await page.request.post('/api/v1/transactions', {
      headers: { origin, 'idempotency-key': `print-${holderId}-${n}` },
      data: {
        ShareholderId: holderId,
        ShareDate: date,
        Shares: '1',
        Cost: '1.25',
        Type: 'New Issue',
        Origin: [],
        ClassType: 'common',
        Notes: rowNote(n),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

test('print the statement and download it as a PDF', async ({ page }, testInfo) => {
  await signIn(page, demo.admin);
  const found = await api<DirectoryResponse>(page, '/api/v1/shareholders?search=%C5%81ukasz');
  const holder = found.rows[0]!;
  const first = await api<StatementResponse>(page, `/api/v1/shareholders/${holder.id}/statement`);
  await recordManyRows(page, holder.id, first.statementDate);
  const statement = await api<StatementResponse>(
    page,
    `/api/v1/shareholders/${holder.id}/statement`,
  );
  expect(statement.history.length).toBeGreaterThanOrEqual(ROWS);

  // Print Report before the data has arrived: the spec's message, not an empty printout.
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => (release = r));
  await page.route(/\/api\/v1\/shareholders\/[^/]+\/statement(\?.*)?$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(`/view?SH_UID=${holder.id}`);
  await expect(page.getByText('Loading data')).toBeVisible();
  await expect(page.getByText('This will only take a moment...')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading data' })).toBeVisible();
  await expectAccessible(page, 'statement loading');
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
  await expectAccessible(page, 'statement: no data to print yet');
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
  await expect(page.getByRole('heading', { name: 'Łukasz Żółć' })).toBeVisible();
  await keepScreenshot(page, 'statement-print');

  // A real print (Chromium's print to PDF, with the print media emulated above): read back
  // page by page.
  const printed = join(testInfo.outputDir, 'printed-statement.pdf');
  await page.pdf({ path: printed, format: 'Letter' });
  const pages = pdfPages(printed);
  expect(pages.length, 'a long statement takes several pages').toBeGreaterThanOrEqual(3);
  // The company header on the first page only; the column headings on every page.
  expect(pages[0]).toContain('Acme Holdings, Inc.');
  expect(pages[0]).toContain('Łukasz Żółć');
  pages.forEach((text, i) => {
    expect(text, `page ${i + 1}: column headings`).toMatch(HEADINGS);
    if (i > 0) expect(text, `page ${i + 1}: no company header`).not.toContain('Acme Holdings');
  });
  // Every row whole on exactly one page: all words of its (wrapped) notes on the same page.
  for (let n = 1; n <= ROWS; n++) {
    const words = rowNote(n).split(' ');
    const on = pages.flatMap((text, i) => (words.some((w) => text.includes(w)) ? [i + 1] : []));
    expect(on, `row ${n} is on one page`).toHaveLength(1);
    const text = pages[on[0]! - 1]!;
    for (const w of words) expect(text, `row ${n}: ${w}`).toMatch(new RegExp(`\\b${w}\\b`));
  }
  // No printed navbar or buttons.
  expect(pages.join('\n')).not.toMatch(/Print Report|Download PDF|Manage Shares/);
  await page.emulateMedia({ media: 'screen' });
  await expectAccessible(page, 'statement');

  // Download PDF: named after the holder and date; its text holds name, totals and every row,
  // each column of each row where its heading says.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`statement-lukasz-zolc-${statement.asOf}.pdf`);
  const file = join(testInfo.outputDir, download.suggestedFilename());
  await download.saveAs(file);
  const serverPages = pdfPages(file);
  const all = serverPages.join('\n');
  expect(all).toContain('Łukasz Żółć');
  expect(serverPages[0]).toContain('Acme Holdings, Inc.');
  serverPages.forEach((text, i) => expect(text, `PDF page ${i + 1}`).toMatch(HEADINGS));

  // Totals: each figure sits under its label (the line after the labels, same column).
  const lines = all.split('\n');
  const labelLine = lines.findIndex((l) =>
    /TOTAL BALANCE\s+Common\s+Preferred\s+Cost Per Share/.test(l),
  );
  expect(labelLine, 'the totals labels').toBeGreaterThanOrEqual(0);
  const labels = lines[labelLine]!;
  const values = lines.slice(labelLine + 1, labelLine + 4).find((l) => l.trim() !== '')!;
  const under = (label: string, value: string) => {
    const at = labels.indexOf(label);
    const found = values.indexOf(value, Math.max(0, at - 4));
    expect(found, `${value} under ${label}`).toBeGreaterThanOrEqual(0);
    expect(Math.abs(found - at), `${value} under ${label}`).toBeLessThanOrEqual(4);
  };
  under('TOTAL BALANCE', `${fmtShares(statement.totals.balance)} shares`);
  under('Common', fmtShares(statement.totals.common));
  under('Preferred', fmtShares(statement.totals.preferred));
  under('Cost Per Share', fmtCost(statement.totals.costPerShare));

  // Every history row: Certificate, Type, Origin, Cost, Shares, Balance, Date on one line, in
  // that order under the headings, and its Notes (wrapped below if long) in the Notes column.
  for (const row of statement.history) {
    const cells = [
      row.certificate,
      `${row.issued ? '+' : '−'} ${row.typeLabel}`,
      row.origin ?? '—',
      fmtCost(row.cost),
      fmtShares(row.shares),
      fmtShares(row.balance),
      fmtDate(row.date),
    ];
    // A transfer's type cell goes on with "from X" / "to Y", which may wrap inside the cell.
    const parts = cells.map(escape);
    if (row.counterparty) parts[1] = `${parts[1]}(?: (?:from|to)(?: \\S+)*?)?`;
    const pattern = new RegExp(`^\\s*${parts.join('\\s+')}(?:\\s+(.*))?$`);
    const at = lines.findIndex((l) => pattern.test(l));
    expect(at, cells.join(' | ')).toBeGreaterThanOrEqual(0);
    // The Notes column: the rest of the row's line, then the lines below it until the next row.
    const notesStart = lines[at]!.length - (pattern.exec(lines[at]!)![1] ?? '').length;
    const notes = [pattern.exec(lines[at]!)![1] ?? ''];
    for (let i = at + 1; i < lines.length; i++) {
      const line = lines[i]!;
      // The next row starts with its certificate; other cells (a counterparty's name) may wrap
      // onto the lines below too, left of the Notes column.
      if (line.trim() === '' || /^\s*[A-Z]+-\d+\s/.test(line)) break;
      notes.push(line.slice(notesStart));
    }
    expect(squash(notes.join(' ')), `notes of ${cells.join(' | ')}`).toBe(
      squash(notesWithReason(row.notes, row.reason)),
    );
  }
});

test('Download PDF says why it failed: a session that ended, a server error', async ({ page }) => {
  await signIn(page, demo.admin);
  const found = await api<DirectoryResponse>(page, '/api/v1/shareholders?search=%C5%81ukasz');
  await page.goto(`/view?SH_UID=${found.rows[0]!.id}`);
  await expect(page.getByRole('heading', { name: 'Transaction History' })).toBeVisible();
  let status = 401;
  await page.route('**/statement.pdf*', (route) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      body: JSON.stringify(
        status === 401
          ? { code: 'AUTH.REQUIRED', message: 'Sign in first.' }
          : { code: 'HTTP.INTERNAL', message: 'The PDF could not be made.' },
      ),
    }),
  );
  const link = page.getByRole('link', { name: 'Download PDF' });
  await link.click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    'Could not download the PDF: your session has ended. Please log in again.',
  );
  await expect(alert.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  await expectAccessible(page, 'statement: PDF refused');
  await keepScreenshot(page, 'statement-pdf-session-ended');
  status = 500;
  await link.click();
  await expect(alert).toHaveText(/^Could not download the PDF: The PDF could not be made\./);
  await expect(alert.getByRole('link', { name: 'Log in' })).toHaveCount(0);
});

test('Download PDF shows the server’s refusal once the minute’s PDFs are used up', async ({
  page,
}) => {
  // A holder lands on their own statement: one no later test downloads as, since a user's
  // renders stay used up for a minute.
  await signIn(page, demo.lukasz);
  await expect(page.getByRole('heading', { name: 'Transaction History' })).toBeVisible();
  const link = page.getByRole('link', { name: 'Download PDF' });
  const href = (await link.getAttribute('href'))!;
  // The minute's PDFs, fetched with the same session; then the button asks for one more.
  let last = await page.request.get(href);
  for (let n = 0; last.status() === 200 && n < 20; n++) last = await page.request.get(href);
  expect(last.status()).toBe(429);
  const refusal = ((await last.json()) as { message: string }).message;
  expect(refusal).toMatch(/PDF statements in the last minute\. Please try again in \d+ seconds?\./);
  expect(Number(last.headers()['retry-after'])).toBeGreaterThan(0);

  await link.click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    /^Could not download the PDF: You have asked for \d+ PDF statements in the last minute\. Please try again in \d+ seconds?\./,
  );
  await expectAccessible(page, 'statement: PDF limit reached');
  await keepScreenshot(page, 'statement-pdf-limit');
});
