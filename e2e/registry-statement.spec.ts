import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import type { DirectoryResponse, StatementResponse } from '../src/contract/ledger';
import {
  api,
  demo,
  expectNoHorizontalScroll,
  keepScreenshot,
  signInByApi,
} from './registry-helpers';

/** A demo holder whose history has every one of these types, and their statement. */
async function holderWith(page: Page, wanted: readonly string[]) {
  const directory = await api<DirectoryResponse>(page, '/api/v1/shareholders?pageSize=200');
  for (const row of directory.rows) {
    const statement = await api<StatementResponse>(
      page,
      `/api/v1/shareholders/${row.id}/statement`,
    );
    const types = statement.history.map((h) => h.type);
    if (wanted.every((t) => types.includes(t))) return { row, statement };
  }
  throw new Error(`the demo data has no holder whose history has ${wanted.join(' and ')}`);
}

/** A demo holder whose history has a transfer received and a cancellation. */
const holderWithTransferAndCancel = (page: Page) =>
  holderWith(page, ['Issued: transfer', 'Cancelled']);

test('the statement names counterparties, uses friendly labels and shows a Cancel reason', async ({
  page,
}) => {
  await signInByApi(page, demo.admin);
  const { row, statement } = await holderWithTransferAndCancel(page);
  await page.goto(`/view?SH_UID=${row.id}`);
  const received = statement.history.find((h) => h.type === 'Issued: transfer')!;
  const cancelled = statement.history.find((h) => h.type === 'Cancelled')!;
  const table = page.locator('.statement-table');
  await expect(
    table.locator('tr', { hasText: `Transfer In from ${received.counterparty}` }).first(),
  ).toBeVisible();
  await expect(table.locator('tr', { hasText: 'Cancellation' }).first()).toContainText(
    `Reason: ${cancelled.reason}`,
  );
  await expect(
    page.getByText('Balance: the holder’s shares after each row, common and preferred together.'),
  ).toBeVisible();
  await expect(table).not.toContainText('Issued: transfer');
  // Each certificate opens its page (history and lineage), as in the register and the ledger.
  await table.getByRole('link', { name: cancelled.certificate, exact: true }).first().click();
  await expect(page).toHaveURL(`/certificates/${cancelled.certificateId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(cancelled.certificate);
});

test('a transfer out names who received the shares', async ({ page }) => {
  await signInByApi(page, demo.admin);
  const { row, statement } = await holderWith(page, ['Transferred']);
  await page.goto(`/view?SH_UID=${row.id}`);
  const sent = statement.history.find((h) => h.type === 'Transferred')!;
  await expect(
    page
      .locator('.statement-table tr', { hasText: `Transfer Out to ${sent.counterparty}` })
      .first(),
  ).toBeVisible();
  await expect(page.locator('.statement-table')).not.toContainText('Transferred');
});

test('at 375 px each history row is a card that keeps its certificate and type', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInByApi(page, demo.admin);
  const { row } = await holderWithTransferAndCancel(page);
  await page.goto(`/view?SH_UID=${row.id}`);
  const first = page.locator('.statement-table tbody tr').first();
  await expect(first).toBeVisible();
  for (const label of ['Certificate', 'Type']) {
    const cell = first.locator(`td[data-label="${label}"]`);
    const box = (await cell.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  await expectNoHorizontalScroll(page);
  await keepScreenshot(page, 'statement-375');
});

for (const [paper, printableWidthPx] of [
  // Paper width less the @page margins (14 mm each side), at 96 px per inch.
  ['Letter', Math.floor(((215.9 - 28) / 25.4) * 96)],
  ['A4', Math.floor(((210 - 28) / 25.4) * 96)],
] as const) {
  test(`printed on ${paper}, nothing runs past the frame`, async ({ page }) => {
    await signInByApi(page, demo.admin);
    const { row } = await holderWithTransferAndCancel(page);
    await page.setViewportSize({ width: printableWidthPx, height: 1000 });
    await page.goto(`/view?SH_UID=${row.id}`);
    await expect(page.locator('.statement-table')).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    const overflow = await page.evaluate(() => {
      const frame = document.querySelector('.statement-document')!.getBoundingClientRect();
      const cells = [
        ...document.querySelectorAll('.statement-document td, .statement-document th'),
      ];
      return cells.map((c) => c.getBoundingClientRect().right - frame.right).filter((d) => d > 0.5);
    });
    expect(overflow).toEqual([]);
    await expectNoHorizontalScroll(page);
  });
}

test('an unknown or malformed holder id shows "not found" and nothing to print', async ({
  page,
}) => {
  await signInByApi(page, demo.admin);
  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1' or '1'='1"]) {
    await page.goto(`/view?SH_UID=${encodeURIComponent(id)}`);
    await expect(page.getByRole('heading', { name: 'Shareholder not found' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print Report' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Download PDF' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText(/uuid|invalid|400|404/i);
  }
});

test('a holder sent back from a page they may not open is told why', async ({ page }) => {
  await signInByApi(page, demo.holder);
  await page.goto('/transaction');
  await expect(page).toHaveURL(/\/view\?SH_UID=/);
  await expect(
    page.getByRole('status').filter({ hasText: 'You were brought to your own statement' }),
  ).toContainText('your account cannot open that page');
});

test('each figure of the total balance sits on its label’s line, at 1280 and at 375 px', async ({
  page,
}) => {
  await signInByApi(page, demo.holder);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const totals = page.locator('.total-balance dl');
    await expect(totals.getByTestId('total-ownership')).toContainText('%');
    // A holder does not see the certificate pages: their certificates are text, not links.
    await expect(page.locator('.statement-table a[href^="/certificates/"]')).toHaveCount(0);
    for (const label of ['Common', 'Preferred', 'Cost Per Share', 'Ownership']) {
      const term = totals.locator('dt', { hasText: label });
      const top = (await term.boundingBox())!.y;
      const value = (await term.locator('xpath=following-sibling::dd[1]').boundingBox())!.y;
      expect(Math.abs(value - top), `${label} at ${width} px`).toBeLessThan(4);
    }
  }
});
