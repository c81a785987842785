import { expect, test } from './support/fixtures';
import type { UserInfo } from '../src/contract/user-info';
import {
  api,
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  keepScreenshot,
  signIn,
  signInByApi,
  openFromMenu,
} from './registry-helpers';

// An administrator creates an API key, sees it once, a program uses it, and once revoked it is
// refused.

test('create a key, see it once, use it, revoke it, refused', async ({
  page,
  playwright,
  baseURL,
}) => {
  const name = `Export ${Date.now().toString(36)}`;
  await signIn(page, demo.admin);
  await openFromMenu(page, 'Company', 'API Keys');
  await expect(page.getByRole('heading', { level: 1, name: 'API Keys' })).toBeVisible();

  await page.getByLabel('Name').fill(name);
  // Nothing chosen: the form says what is missing and sends nothing.
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('Choose at least one scope.')).toBeVisible();
  await page.getByLabel(/^ledger:read/).check();
  await page.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByLabel('The new key');
  await expect(shown).toHaveValue(/^srk_/);
  const key = await shown.inputValue();
  await expect(page.getByText('you will not see it again')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('ledger:read');
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).not.toContainText(key);
  await expectAccessible(page, 'API keys');
  await keepScreenshot(page, 'api-keys');

  // A program: no cookie, only the key.
  const program = await playwright.request.newContext({ baseURL });
  try {
    const directory = await program.get('/api/v1/shareholders', { headers: { 'X-API-Key': key } });
    expect(directory.status()).toBe(200);
    expect((await directory.json()) as { rows: unknown[] }).toMatchObject({
      rows: expect.any(Array),
    });

    // Done hides the key for good; revoking asks once more.
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toHaveCount(0);
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByRole('button', { name: `Revoke “${name}”` }).click();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

    const refused = await program.get('/api/v1/shareholders', { headers: { 'X-API-Key': key } });
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'AUTH.INVALID_API_KEY' });
  } finally {
    await program.dispose();
  }
});

test('the API keys page fits 375 px; a shareholder is sent to their statement', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, demo.admin);
  await page.goto('/api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'API Keys' })).toBeVisible();
  await expect(page.getByText(/No API keys yet|Last used/).first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await keepScreenshot(page, 'api-keys-375');

  const holder = await (await browser.newContext()).newPage();
  await signIn(holder, demo.holder);
  await expect(holder.getByRole('link', { name: 'API Keys' })).toHaveCount(0);
  await holder.goto('/api-keys');
  await expect(holder).toHaveURL(/\/view\?SH_UID=/);
  const list = await holder.request.get('/api/v1/api-keys');
  expect(list.status()).toBe(403);
  await holder.context().close();
});

test('Copy says Copied only for the key copied; the organization id is shown with its own Copy', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
  await signIn(page, demo.admin);
  await page.goto('/api-keys');
  const me = await api<UserInfo>(page, '/api/v1/userInfo', 'POST');
  const organization = page.getByLabel('Organization id', { exact: true });
  await expect(organization).toHaveValue(me.organizationId!);
  await page.getByRole('button', { name: 'Copy the organization id' }).click();
  await expect(page.getByRole('button', { name: 'Copied the organization id' })).toBeVisible();
  expect(await clipboard()).toBe(me.organizationId);

  const createKey = async (name: string) => {
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel(/^ledger:read/).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(page.getByRole('heading', { name: `Key “${name}” created` })).toBeVisible();
    return page.getByLabel('The new key').inputValue();
  };
  const run = Date.now().toString(36);
  const first = await createKey(`Copy one ${run}`);
  await page.getByRole('button', { name: 'Copy the new key' }).click();
  await expect(page.getByRole('button', { name: 'Copied the new key' })).toBeVisible();
  expect(await clipboard()).toBe(first);

  const second = await createKey(`Copy two ${run}`);
  expect(second).not.toBe(first);
  await expect(page.getByRole('button', { name: 'Copy the new key' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copied the new key' })).toHaveCount(0);
  await expectAccessible(page, 'API keys with the organization id');
  await keepScreenshot(page, 'api-keys-organization-id');
});

test('at 375 px every column of the API keys table shows on the screen, labelled', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInByApi(page, demo.admin);
  const name = `Phone ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/v1/api-keys', {
    data: { name, scopes: ['ledger:read', 'data:read'] },
    headers: { origin: `http://localhost:${process.env.E2E_PORT}` },
  });
  expect(created.status()).toBe(201);
  await page.goto('/api-keys');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  for (const [label, text] of [
    ['Scopes', 'ledger:read, data:read'],
    ['Created', /\w{3} \d{1,2}, \d{4}/],
    ['Last used', 'Never'],
  ] as const) {
    const cell = row.locator(`[data-label="${label}"]`);
    await expect(cell).toContainText(text);
    const box = (await cell.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  const revoke = row.getByRole('button', { name: 'Revoke' });
  const box = (await revoke.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'API keys at 375 px');
  await keepScreenshot(page, 'api-keys-table-375');
});
