import { expect, test } from './support/fixtures';
import type { Page } from '@playwright/test';
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
import { tabTo } from './support/keyboard';

// Journey 2: an administrator records a New Issue, a Transfer from two origin certificates, a
// Convert to Preferred and a Cancel; the recipient signs in and sees the transfer in their history
// with the right running balance; a double-clicked submit records once; a retry after a lost
// answer records once; the screens already open show the new figures without a reload.

const SAVED = 'Your information was successfully updated.';
const NOT_SAVED = 'The information was not saved. Please contact support.';
// A refusal the person can fix says so, and what to fix next to the field.
const FIX = 'Not recorded yet: correct the field marked below and submit again.';
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

const card = (page: Page, title: string) =>
  page.locator('.summary-card', { has: page.getByRole('heading', { name: title, exact: true }) });
const cardValue = async (page: Page, title: string) =>
  hundredths((await card(page, title).locator('.summary-card-value').textContent()) ?? '');
const statementTotal = async (page: Page) =>
  hundredths(((await page.locator('.total-balance-value').textContent()) ?? '').split(' ')[0]!);
/** A mark on the window that a full page load would wipe out. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);

async function submitAndExpect(page: Page, message: string) {
  await page.getByRole('button', { name: 'Submit Transaction' }).click();
  // A transaction the ledger accepts is reviewed first (issue 25): Record posts it.
  if (message === SAVED) await page.getByRole('button', { name: 'Record' }).click();
  await expect(page.locator('.message-anchor .alert')).toContainText(message);
  // Focus moves to the message so it is read out.
  await expect(page.locator('.message-anchor')).toBeFocused();
}

test('admin records the four operations; the recipient sees the transfer', async ({
  page,
  browser,
}) => {
  test.slow(); // four operations, each reviewed, and two signed-in pages: about 33 s idle
  // The recipient: the demo shareholder.
  const recipientContext = await browser.newContext();
  const recipientPage = await recipientContext.newPage();
  await signInByApi(recipientPage, demo.holder);
  const recipientInfo = await api<UserInfo>(recipientPage, '/api/v1/userInfo', 'POST');
  const recipientId = recipientInfo.SH_ID!;

  // Date.now() stands still in this page: a cached query never goes stale by itself, so only
  // the app's invalidation after a recorded transaction can bring the new figures on screen.
  await page.clock.setFixedTime(new Date());
  await signIn(page, demo.admin);
  await expect(card(page, 'Total Shares')).toBeVisible();
  const cardsBefore = {
    total: await cardValue(page, 'Total Shares'),
    common: await cardValue(page, 'Common Shares'),
    preferred: await cardValue(page, 'Preferred Shares'),
  };
  const directory = await api<DirectoryResponse>(page, '/api/v1/shareholders?pageSize=200');
  const recipient = directory.rows.find((r) => r.id === recipientId)!;
  // The holder the shares come from: one with no shares yet if there is one.
  const from =
    directory.rows.find((r) => r.balance === '0.00' && r.id !== recipientId) ??
    directory.rows.find((r) => r.id !== recipientId)!;
  const before = await statementOf(page, from.id);
  const recipientBefore = await statementOf(page, recipientId);

  // The sender's statement is open (from the directory, in the page) before anything is recorded.
  await page.getByLabel('Search by name').fill(from.name);
  await page.getByRole('link', { name: `View Details of ${from.name}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/view\\?SH_UID=${from.id}$`));
  await expect(page.locator('.total-balance-value')).toBeVisible();
  expect(await statementTotal(page)).toBe(hundredths(before.totals.balance));
  await markDocument(page);

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
    // New Issue: the From Shareholder is the one who receives the new shares.
    await expect(page.getByText('This shareholder receives the new shares.')).toBeVisible();
    await submitAndExpect(page, SAVED);
    // A receipt: what was recorded, the new certificate, a link to the holder's statement.
    const receipt = page.locator('.transaction-receipt');
    await expect(receipt).toContainText(`Recorded: New Issue of ${shares} shares`);
    await expect(receipt).toContainText(/New certificates:\s*CS-\d+/);
    await expect(receipt.getByRole('link', { name: from.name })).toHaveAttribute(
      'href',
      `/view?SH_UID=${from.id}`,
    );
    // The form resets after success.
    await expect(page.getByLabel('Shares', { exact: true })).toHaveValue('');
    const created = (await certificatesOf(page, from.id)).filter((c) => !held.has(c.id));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ balance: `${shares}.00`, classType: 'common' });
    issued.push(created[0]!.id);
  }
  const [c100, c50] = issued as [string, string];

  // Back to the statement, in the page: it shows the two new certificates without a reload.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/view\\?SH_UID=${from.id}$`));
  await expect.poll(() => statementTotal(page)).toBe(hundredths(before.totals.balance) + 15000n);
  for (const shares of ['100', '50'])
    await expect(
      page.locator('.statement-table tbody tr', { hasText: `e2e ${run} issue ${shares}` }),
    ).toHaveCount(1);
  expect(await sameDocument(page)).toBe(true);
  await page.getByRole('link', { name: 'Manage Shares' }).click();
  await expect(page.getByRole('button', { name: 'Submit Transaction' })).toBeVisible();

  // A coded server error appears next to its field: more shares than the origins hold.
  await page.getByLabel('Type', { exact: true }).selectOption('Transfer');
  await pickHolder(page, 'from', from);
  await page.locator(`#tx-origin-${c50}`).check();
  await pickHolder(page, 'to', recipient);
  await page.getByLabel('Shares', { exact: true }).fill('5000');
  await submitAndExpect(page, FIX);
  // With the numbers the server knows: what the chosen certificate holds, what was asked.
  await expect(page.locator('.invalid-feedback:visible')).toContainText(
    'do not hold enough shares. The chosen certificates hold 50 shares; you asked for 5,000.',
  );
  await expect(page.locator('.message-anchor .alert')).not.toContainText(NOT_SAVED);
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
  // Empty for the next entry; the Type stays for a run of the same kind.
  await expect(page.getByLabel('Type', { exact: true })).toHaveValue('Transfer');
  await expect(page.locator('select[name="to"]')).toHaveValue('');
  await expect(page.getByLabel('Shares', { exact: true })).toHaveValue('');
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

  // The conversion made a preferred certificate: Convert to Preferred offers only common ones.
  const preferredCert = (await certificatesOf(page, from.id)).find(
    (c) => c.classType === 'preferred',
  )!;
  expect(preferredCert).toBeDefined();
  await page.getByLabel('Type', { exact: true }).selectOption('Convert to Preferred');
  await pickHolder(page, 'from', from);
  await expect(page.locator(`#tx-origin-${c50}`)).toBeVisible();
  await expect(page.locator(`#tx-origin-${preferredCert.id}`)).toHaveCount(0);

  // 4. Cancel 5 shares, with a reason (any class may be cancelled).
  await page.getByLabel('Type', { exact: true }).selectOption('Cancel');
  await pickHolder(page, 'from', from);
  await expect(page.locator(`#tx-origin-${preferredCert.id}`)).toBeVisible();
  await page.locator(`#tx-origin-${c50}`).check();
  await page.getByLabel('Shares', { exact: true }).fill('5');
  await page.getByLabel('Reason', { exact: true }).fill('Returned to treasury');
  await page.getByLabel('Notes', { exact: true }).fill(`e2e ${run} cancel`);
  await submitAndExpect(page, SAVED);

  const after = await statementOf(page, from.id);
  expect(hundredths(after.totals.common) - hundredths(before.totals.common)).toBe(1500n);
  expect(hundredths(after.totals.preferred) - hundredths(before.totals.preferred)).toBe(1000n);

  // Home, in the page: the directory read at sign-in now shows the new totals (+150 issued,
  // −5 cancelled; 10 moved from common to preferred), without a reload.
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shareholders' })).toBeVisible();
  await expect.poll(() => cardValue(page, 'Total Shares')).toBe(cardsBefore.total + 14500n);
  expect(await cardValue(page, 'Common Shares')).toBe(cardsBefore.common + 13500n);
  expect(await cardValue(page, 'Preferred Shares')).toBe(cardsBefore.preferred + 1000n);
  expect(await sameDocument(page)).toBe(true);

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
  // The running balance (issue 23): each row's Balance = the previous row's + its Shares.
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

test('a double-clicked Record records the transaction once', async ({ page }) => {
  await signIn(page, demo.admin);
  const directory = await api<DirectoryResponse>(page, '/api/v1/shareholders?pageSize=200');
  const holder = directory.rows[0]!;
  await page.goto('/transaction');
  await pickHolder(page, 'from', holder);
  await page.getByLabel('Shares', { exact: true }).fill('7');
  const note = `e2e ${run} double click`;
  await page.getByLabel('Notes', { exact: true }).fill(note);
  await page.getByRole('button', { name: 'Submit Transaction' }).click();
  await page.getByRole('button', { name: 'Record' }).dblclick();
  await expect(page.locator('.message-anchor .alert')).toContainText(SAVED);
  await page.waitForTimeout(500);
  const statement = await statementOf(page, holder.id);
  expect(statement.history.filter((r) => r.notes === note)).toHaveLength(1);
});

test('an answer lost on the way back: Submit again resends the same key and records once', async ({
  page,
}) => {
  await signIn(page, demo.admin);
  const directory = await api<DirectoryResponse>(page, '/api/v1/shareholders?pageSize=200');
  const holder = directory.rows[1]!;
  await page.goto('/transaction');
  await pickHolder(page, 'from', holder);
  await page.getByLabel('Shares', { exact: true }).fill('3');
  const note = `e2e ${run} lost answer`;
  await page.getByLabel('Notes', { exact: true }).fill(note);

  const keys: string[] = [];
  const reachedServer: number[] = [];
  await page.route('**/api/v1/transactions', async (route) => {
    keys.push((await route.request().headerValue('idempotency-key')) ?? '');
    if (keys.length === 1) {
      // The request reaches the server, which records it; its answer never reaches the browser.
      reachedServer.push((await route.fetch()).status());
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  await page.getByRole('button', { name: 'Submit Transaction' }).click();
  await page.getByRole('button', { name: 'Record' }).click();
  const message = page.locator('.message-anchor .alert');
  await expect(message).toContainText(NOT_SAVED);
  await expect(message).toContainText('Could not reach the server');
  expect(reachedServer).toEqual([201]);
  // The form keeps its values; the person tries again.
  await expect(page.getByLabel('Notes', { exact: true })).toHaveValue(note);
  const second = page.waitForResponse((r) => r.url().endsWith('/api/v1/transactions'));
  await page.getByRole('button', { name: 'Submit Transaction' }).click();
  await page.getByRole('button', { name: 'Record' }).click();
  const replayed = await second;
  expect(replayed.status()).toBe(201);
  expect(replayed.headers()['idempotent-replayed']).toBe('true');
  await expect(message).toContainText(SAVED);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  const statement = await statementOf(page, holder.id);
  expect(statement.history.filter((r) => r.notes === note)).toHaveLength(1);
});

test('a refusal is told by the review step, before anything is posted, every time', async ({
  page,
}) => {
  await signIn(page, demo.admin);
  const directory = await api<DirectoryResponse>(page, '/api/v1/shareholders?pageSize=200');
  const holder = directory.rows.find((r) => hundredths(r.balance) > 0n)!;
  await page.goto('/transaction');
  await page.getByLabel('Type', { exact: true }).selectOption('Cancel');
  await pickHolder(page, 'from', holder);
  await page
    .getByRole('group', { name: 'Origin Certificates' })
    .getByRole('checkbox')
    .first()
    .check();
  await page.getByLabel('Shares', { exact: true }).fill('999999999');
  await page.getByLabel('Reason', { exact: true }).fill('More than they hold');
  // The review's dry run refuses it (issue 25): nothing is posted, so no key is spent.
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/transactions') && r.method() === 'POST') posts.push(r.url());
  });
  for (let i = 0; i < 2; i++) {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/transactions/preview'));
    await page.getByRole('button', { name: 'Submit Transaction' }).click();
    const refused = await answer;
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe('LEDGER.INSUFFICIENT_SHARES');
    await expect(page.locator('.message-anchor .alert')).toContainText(FIX);
  }
  expect(posts).toHaveLength(0);
});

test('Manage Shares: the loading bar until the holder list arrives; failures offer Retry', async ({
  page,
}) => {
  await signInByApi(page, demo.admin);
  let mode: 'hold' | 'fail' | 'pass' = 'hold';
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/v1/shareholders?*', async (route) => {
    if (mode === 'hold') await held;
    if (mode === 'pass') return route.continue();
    return route.abort('connectionrefused');
  });
  await page.goto('/transaction');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Shares' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading data' })).toBeVisible();
  await expect(page.getByText('This will only take a moment...')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Transaction' })).toHaveCount(0);
  await expectAccessible(page, 'manage shares loading');
  await keepScreenshot(page, 'manage-shares-loading');

  mode = 'fail';
  release();
  const panel = page.getByRole('alert');
  await expect(panel.getByRole('heading')).toHaveText('Could not load the shareholders');
  await expect(panel).toContainText('Could not reach the server');
  await expectAccessible(page, 'manage shares error');
  await keepScreenshot(page, 'manage-shares-load-error');
  mode = 'pass';
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: 'Submit Transaction' })).toBeVisible();

  // A later search that fails says so at the picker, with its own Retry.
  mode = 'fail';
  await page.getByLabel('Search From Shareholder', { exact: true }).fill('no such holder');
  const picker = page.getByRole('group', { name: 'From Shareholder' });
  await expect(picker.getByRole('alert')).toContainText('Could not load the shareholders');
  mode = 'pass';
  await picker.getByRole('button', { name: 'Retry' }).click();
  await expect(picker.getByRole('alert')).toHaveCount(0);

  // The certificates of the From holder: the loading bar too while they load.
  const directory = await api<DirectoryResponse>(page, '/api/v1/shareholders?pageSize=200');
  const holder = directory.rows.find((r) => hundredths(r.balance) > 0n)!;
  let releaseCerts: () => void = () => {};
  const certsHeld = new Promise<void>((r) => (releaseCerts = r));
  await page.route('**/api/v1/certificates?*', async (route) => {
    await certsHeld;
    await route.continue();
  });
  await page.getByLabel('Type', { exact: true }).selectOption('Transfer');
  await pickHolder(page, 'from', holder);
  const origins = page.getByRole('group', { name: 'Origin Certificates' });
  await expect(origins.getByRole('progressbar', { name: 'Loading data' })).toBeVisible();
  releaseCerts();
  await expect(origins.getByRole('checkbox').first()).toBeVisible();
});

test('keyboard alone: record a transfer', async ({ page }) => {
  await signInByApi(page, demo.admin);
  const directory = await api<DirectoryResponse>(page, '/api/v1/shareholders?pageSize=200');
  // Holders a name search finds alone; the sender's first certificate holds at least 1 share.
  const alone = directory.rows.filter(
    (r) =>
      directory.rows.filter((o) => o.name.toLowerCase().includes(r.name.toLowerCase())).length ===
      1,
  );
  let from: (typeof alone)[number] | undefined;
  for (const r of alone) {
    const certs = await certificatesOf(page, r.id);
    if (certs.length > 0 && certs.every((c) => hundredths(c.balance) >= 100n)) {
      from = r;
      break;
    }
  }
  const to = alone.find((r) => r.id !== from!.id)!;
  expect(from).toBeDefined();
  const before = await statementOf(page, to.id);
  const note = `e2e ${run} keyboard transfer`;

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Shareholders' })).toBeVisible();
  await tabTo(page, page.getByRole('link', { name: 'Manage Shares' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/transaction$/);

  const choose = async (which: 'From' | 'To', holder: { id: string; name: string }) => {
    await tabTo(page, page.getByLabel(`Search ${which} Shareholder`, { exact: true }));
    await page.keyboard.type(holder.name);
    const select = page.locator(`select[name="${which.toLowerCase()}"]`);
    // The placeholder and the one holder found.
    await expect(select.locator('option')).toHaveCount(2);
    await expect(select.locator(`option[value="${holder.id}"]`)).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(select).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(select).toHaveValue(holder.id);
  };
  await choose('From', from!);
  await tabTo(page, page.getByLabel('Shares', { exact: true }));
  await page.keyboard.type('1');
  const type = page.getByLabel('Type', { exact: true });
  await tabTo(page, type);
  await page.keyboard.press('ArrowDown');
  await expect(type).toHaveValue('Transfer');
  const firstOrigin = page
    .getByRole('group', { name: 'Origin Certificates' })
    .getByRole('checkbox')
    .first();
  await expect(firstOrigin).toBeVisible();
  await tabTo(page, firstOrigin);
  await page.keyboard.press('Space');
  await expect(firstOrigin).toBeChecked();
  await choose('To', to);
  await tabTo(page, page.getByLabel('Notes', { exact: true }));
  await page.keyboard.type(note);
  await tabTo(page, page.getByRole('button', { name: 'Submit Transaction' }));
  await page.keyboard.press('Enter');
  // The review takes the focus; Record is reached from it by the keyboard too.
  await expect(page.getByRole('heading', { name: 'Review the transaction' })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Record' }));
  await page.keyboard.press('Enter');
  await expect(page.locator('.message-anchor .alert')).toContainText(SAVED);
  await expect(page.locator('.message-anchor')).toBeFocused();

  const after = await statementOf(page, to.id);
  expect(hundredths(after.totals.balance) - hundredths(before.totals.balance)).toBe(100n);
  expect(after.history.filter((r) => r.notes === note)).toHaveLength(1);
});
