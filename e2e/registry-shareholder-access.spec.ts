import { expect, test } from './support/fixtures';
import type { DirectoryResponse } from '../src/contract/ledger';
import type { UserInfo } from '../src/contract/user-info';
import {
  api,
  demo,
  expectAccessible,
  keepScreenshot,
  signIn,
  signInByApi,
} from './registry-helpers';

// Journey 3: a shareholder who opens /transaction or another holder's /view is refused, and Home
// takes them to their own statement.

test('a shareholder sees only their own statement', async ({ page, browser }) => {
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInByApi(adminPage, demo.admin);
  const directory = await api<DirectoryResponse>(adminPage, '/api/v1/shareholders?pageSize=200');
  await adminContext.close();

  await signIn(page, demo.holder);
  const me = await api<UserInfo>(page, '/api/v1/userInfo', 'POST');
  const own = new RegExp(`/view\\?SH_UID=${me.SH_ID}$`);
  const other = directory.rows.find((r) => r.id !== me.SH_ID && r.balance !== '0.00')!;

  // Home → their own statement.
  await expect(page).toHaveURL(own);
  await expect(page.getByRole('heading', { name: 'Transaction History' })).toBeVisible();
  await expect(page.locator('.navbar-brand')).toHaveText(me.friendlyName);
  await expect(page.getByRole('link', { name: 'Manage Shares' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Balance' })).toHaveAttribute('aria-current', 'page');
  await expectAccessible(page, 'own statement (shareholder)');
  await keepScreenshot(page, 'statement-shareholder');
  await page.goto('/');
  await expect(page).toHaveURL(own);

  // Manage Shares is refused: back to their own statement, and the API says 403.
  await page.goto('/transaction');
  await expect(page).toHaveURL(own);
  await expect(page.getByRole('heading', { name: 'Manage Shares' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit Transaction' })).toHaveCount(0);
  const post = await page.request.post('/api/v1/transactions', {
    headers: { origin: `http://localhost:${process.env.E2E_PORT}`, 'idempotency-key': 'x-1' },
    data: {},
  });
  expect(post.status()).toBe(403);

  // Another holder's statement is refused, in the page and by the API.
  await page.goto(`/view?SH_UID=${other.id}`);
  await expect(page).toHaveURL(own);
  await expect(page.getByRole('heading', { name: 'Transaction History' })).toBeVisible();
  await expect(page.getByText(other.name, { exact: true })).toHaveCount(0);
  const foreign = await page.request.get(`/api/v1/shareholders/${other.id}/statement`);
  expect(foreign.status()).toBe(404);
  const foreignPdf = await page.request.get(`/api/v1/shareholders/${other.id}/statement.pdf`);
  expect(foreignPdf.status()).toBe(404);
  expect((await page.request.get('/api/v1/shareholders')).status()).toBe(403);

  // A statement address without SH_UID says so.
  await page.goto('/view');
  await expect(page.getByText('Invalid parameter', { exact: true })).toBeVisible();
  await expectAccessible(page, 'view without SH_UID');
  await keepScreenshot(page, 'view-invalid-parameter');
});
