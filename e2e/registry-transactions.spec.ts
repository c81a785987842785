import { expect, test, type Page } from '@playwright/test';
import type { CertificateRow, DirectoryResponse, StatementResponse } from '../src/contract/ledger';
import type { UserInfo } from '../src/contract/user-info';
import {
  api,
  demo,
  expectAccessible,
  hundredths,
  keepScreenshot,
  signIn,
  signInByApi,
} from './registry-helpers';

// Journey 2: an administrator records a New Issue, a Transfer from two origin certificates, a
// Convert to Preferred and a Cancel; the recipient signs in and sees the transfer in their history
// with the right running balance; a double-clicked submit records once.

const SAVED = 'Your information was successfully updated.';
const NOT_SAVED = 'The information was not saved. Please contact support.';
const run = Date.now().toString(36);

const certificatesOf = async (page: Page, holderId: string) =>
  (
    await api<{ rows: CertificateRow[] }>(
      page,
      `/api/v1/certificates?holderId=${holderId}&withBalance=true`,
    )
  ).rows;
const statementOf = (page: Page, holderId: string) =>
  api<StatementResponse>(page, `/api/v1/shareholders/${holderId}/statement`);

async function pickHolder(page: Page, which: 'from' | 'to', holder: { id: string; name: string }) {
  const label = which === 'from' ? 'From Shareholder' : 'To Shareholder';
  await page.getByLabel(`Search ${label}`, { exact: true }).fill(holder.name);
  const select = page.locator(`select[name="${which}"]`);
  await expect(select.locator(`option[value="${holder.id}"]`)).toHaveCount(1);
  await select.selectOption(holder.id);
}

async function submitAndExpect(page: Page, message: string) {
  await page.getByRole('button', { name: 'Submit Transaction' }).click();
  await expect(page.locator('.message-anchor .alert')).toContainText(message);
  // Focus moves to the message so it is read out.
  await expect(page.locator('.message-anchor')).toBeFocused();
}

test('admin records the four operations; the recipient sees the transfer', async ({
  page,
  browser,
}) => {
  // The recipient: the demo shareholder.
  const recipientContext = await browser.newContext();
  const recipientPage = await recipientContext.newPage();
  await signInByApi(recipientPage, demo.holder);
  const recipientInfo = await api<UserInfo>(recipientPage, '/api/v1/userInfo', 'POST');
  const recipientId = recipientInfo.SH_ID!;

  await signIn(page, demo.admin);
  const directory = await api<DirectoryResponse>(page, '/api/v1/shareholders?pageSize=200');
  const recipient = directory.rows.find((r) => r.id === recipientId)!;
  // The holder the shares come from: one with no shares yet if there is one.
  const from =
    directory.rows.find((r) => r.balance === '0.00' && r.id !== recipientId) ??
    directory.rows.find((r) => r.id !== recipientId)!;
  const before = await statementOf(page, from.id);
  const recipientBefore = await statementOf(page, recipientId);

  await page.getByRole('link', { name: 'Manage Shares' }).click();
  await expect(page).toHaveURL(/\/transaction$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Shares' })).toBeVisible();
  // Origin Certificates and To Shareholder only appear for the types that need them.
  await expect(page.getByRole('group', { name: 'Origin Certificates' })).toHaveCount(0);
  await expect(page.locator('select[name="to"]')).toHaveCount(0);
  await expectAccessible(page, 'manage shares');
  await keepScreenshot(page, 'manage-shares');

  // 1. New Issue: two certificates for the From holder (100 and 50 common shares).
  const issued: string[] = [];
  for (const shares of ['100', '50']) {
    const held = new Set((await certificatesOf(page, from.id)).map((c) => c.id));
    await pickHolder(page, 'from', from);
    await page.getByLabel('Shares', { exact: true }).fill(shares);
    await page.getByLabel('Cost', { exact: true }).fill('2.50');
    await page.getByLabel('Type', { exact: true }).selectOption('New Issue');
    await page.getByLabel('Notes', { exact: true }).fill(`e2e ${run} issue ${shares}`);
    await submitAndExpect(page, SAVED);
    // The form resets after success.
    await expect(page.getByLabel('Shares', { exact: true })).toHaveValue('');
    const created = (await certificatesOf(page, from.id)).filter((c) => !held.has(c.id));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ balance: `${shares}.00`, classType: 'common' });
    issued.push(created[0]!.id);
  }
  const [c100, c50] = issued as [string, string];

  // A coded server error appears next to its field: more shares than the origins hold.
  await page.getByLabel('Type', { exact: true }).selectOption('Transfer');
  await pickHolder(page, 'from', from);
  await page.locator(`#tx-origin-${c50}`).check();
  await pickHolder(page, 'to', recipient);
  await page.getByLabel('Shares', { exact: true }).fill('5000');
  await submitAndExpect(page, NOT_SAVED);
  await expect(page.locator('.invalid-feedback:visible')).toContainText(
    /do not hold enough shares|not enough/i,
  );
  await expectAccessible(page, 'manage shares with a server error');
  await keepScreenshot(page, 'manage-shares-error');

  // 2. Transfer 120 from the two new certificates, in the order chosen (100 first, then 50).
  await page.locator(`#tx-origin-${c50}`).uncheck();
  const origins = page.getByRole('group', { name: 'Origin Certificates' });
  await expect(origins).toBeVisible();
  await page.locator(`#tx-origin-${c100}`).check();
  await page.locator(`#tx-origin-${c50}`).check();
  await expect(page.locator(`label[for="tx-origin-${c100}"]`)).toContainText('1 in order');
  await expect(page.locator(`label[for="tx-origin-${c50}"]`)).toContainText('2 in order');
  await expect(page.locator(`label[for="tx-origin-${c100}"]`)).toContainText('Common');
  await expect(page.locator(`label[for="tx-origin-${c100}"]`)).toContainText('100 shares');
  await page.getByLabel('Shares', { exact: true }).fill('120');
  await page.getByLabel('Cost', { exact: true }).fill('3.00');
  await page.getByLabel('Notes', { exact: true }).fill(`e2e ${run} transfer`);
  await keepScreenshot(page, 'manage-shares-transfer');
  await submitAndExpect(page, SAVED);
  await expect(page.locator('select[name="to"]')).toHaveCount(0);
  const afterTransfer = await certificatesOf(page, from.id);
  expect(afterTransfer.find((c) => c.id === c100)).toBeUndefined();
  expect(afterTransfer.find((c) => c.id === c50)?.balance).toBe('30.00');

  // 3. Convert 10 of the remaining common shares to preferred.
  await page.getByLabel('Type', { exact: true }).selectOption('Convert to Preferred');
  await pickHolder(page, 'from', from);
  await page.locator(`#tx-origin-${c50}`).check();
  await page.getByLabel('Shares', { exact: true }).fill('10');
  await page.getByLabel('Notes', { exact: true }).fill(`e2e ${run} convert`);
  await submitAndExpect(page, SAVED);

  // 4. Cancel 5 shares, with a reason.
  await page.getByLabel('Type', { exact: true }).selectOption('Cancel');
  await pickHolder(page, 'from', from);
  await page.locator(`#tx-origin-${c50}`).check();
  await page.getByLabel('Shares', { exact: true }).fill('5');
  await page.getByLabel('Reason', { exact: true }).fill('Returned to treasury');
  await page.getByLabel('Notes', { exact: true }).fill(`e2e ${run} cancel`);
  await submitAndExpect(page, SAVED);

  const after = await statementOf(page, from.id);
  expect(hundredths(after.totals.common) - hundredths(before.totals.common)).toBe(1500n);
  expect(hundredths(after.totals.preferred) - hundredths(before.totals.preferred)).toBe(1000n);

  // Without a reload, the directory already shows the new figures.
  await page.getByRole('link', { name: 'Home' }).click();
  await page.getByLabel('Search by name').fill(from.name);
  const row = page.locator('.directory-table tbody tr.clickable-row', { hasText: from.name });
  await expect(row.first()).toBeVisible();
  await expect(page.locator('.directory-table')).toHaveAttribute('aria-busy', 'false');
  await expect(row.first().locator('td').nth(2)).toHaveText(
    new Intl.NumberFormat('en-US').format(Number(after.totals.balance)),
  );

  // The recipient signs in: Home takes them to their statement, with the transfer in it.
  const recipientUi = await browser.newContext();
  const rp = await recipientUi.newPage();
  await signIn(rp, demo.holder);
  await expect(rp).toHaveURL(new RegExp(`/view\\?SH_UID=${recipientId}`));
  await expect(rp.getByRole('heading', { name: 'Transaction History' })).toBeVisible();
  const rows = rp.locator('.statement-table tbody tr');
  const cells = await rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.innerText.trim())),
  );
  // Running balance: each row's Balance = the previous Balance + its Shares.
  let running = 0n;
  for (const c of cells) {
    running += hundredths(c[4]!);
    expect(hundredths(c[5]!), c.join(' | ')).toBe(running);
  }
  const total = hundredths(
    ((await rp.locator('.total-balance-value').textContent()) ?? '').split(' ')[0]!,
  );
  expect(running).toBe(total);
  expect(total - hundredths(recipientBefore.totals.balance)).toBe(12000n);
  const transferRows = cells.filter((c) => c[7] === `e2e ${run} transfer`);
  expect(transferRows.length).toBeGreaterThanOrEqual(1);
  expect(transferRows.every((c) => c[1]!.includes('Transfer In'))).toBe(true);
  expect(transferRows.reduce((s, c) => s + hundredths(c[4]!), 0n)).toBe(12000n);
  await expectAccessible(rp, 'recipient statement');
  await keepScreenshot(rp, 'statement-recipient');
  await recipientUi.close();
  await recipientContext.close();
});

test('a double-clicked Submit records the transaction once', async ({ page }) => {
  await signIn(page, demo.admin);
  const directory = await api<DirectoryResponse>(page, '/api/v1/shareholders?pageSize=200');
  const holder = directory.rows[0]!;
  await page.goto('/transaction');
  await pickHolder(page, 'from', holder);
  await page.getByLabel('Shares', { exact: true }).fill('7');
  const note = `e2e ${run} double click`;
  await page.getByLabel('Notes', { exact: true }).fill(note);
  await page.getByRole('button', { name: 'Submit Transaction' }).dblclick();
  await expect(page.locator('.message-anchor .alert')).toContainText(SAVED);
  await page.waitForTimeout(500);
  const statement = await statementOf(page, holder.id);
  expect(statement.history.filter((r) => r.notes === note)).toHaveLength(1);
});
