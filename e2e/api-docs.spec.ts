import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { demo, keepScreenshot } from './registry-helpers';

// A developer opens /docs: it starts on the shareholder and ledger operations; with an API key
// entered under Authorize and an Idempotency-Key typed into the form, "Try it out" records a
// transaction, and the ledger shows it.

test('/docs opens on the ledger, and Try it out records a transaction with an API key', async ({
  page,
  playwright,
  baseURL,
}) => {
  // An administrator's key for the ledger, made through the API (its cookie session writes with
  // the site's own Origin, as its pages do).
  const setup = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: new URL(baseURL!).origin },
  });
  const login = await setup.post('/auth/login', {
    data: { username: demo.admin.email, password: demo.admin.password },
  });
  expect(login.status()).toBe(200);
  const created = await setup.post('/api/v1/api-keys', {
    data: { name: `Docs ${Date.now().toString(36)}`, scopes: ['ledger:read', 'ledger:write'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: keyId, key } = (await created.json()) as { id: string; key: string };
  try {
    await tryItOut(page, playwright, baseURL!, setup, key);
  } finally {
    // Revoked, so the API Keys page of the tests after this one lists only their own keys.
    await setup.delete(`/api/v1/api-keys/${keyId}`);
    await setup.dispose();
  }
});

async function tryItOut(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
  setup: APIRequestContext,
  key: string,
) {
  // A program holds the key and no session.
  const program = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'X-API-Key': key },
  });
  const directory = await program.get('/api/v1/shareholders?pageSize=100');
  expect(directory.status(), await directory.text()).toBe(200);
  const holder = ((await directory.json()).rows as Array<{ id: string; name: string }>)[0]!;
  type Statement = { history: Array<{ notes: string; shares: string }> };
  const statementOf = async () =>
    (await (await setup.get(`/api/v1/shareholders/${holder.id}/statement`)).json()) as Statement;
  const before = await statementOf();

  await page.goto('/docs');
  const tags = page.locator('.opblock-tag-section h3');
  // swagger-ui reads the whole document (about 700 KB, every route) before it draws a tag.
  await expect(tags.first()).toContainText('shareholders', { timeout: 30_000 });
  await expect(tags.nth(1)).toContainText('ledger');
  await expect(page.locator('#operations-shareholders-listShareholders')).toBeInViewport();
  await expect(page.getByText('Registry maintainers')).toHaveCount(0);

  await page.getByRole('button', { name: 'Authorize' }).first().click();
  const apiKeyForm = page.locator('.auth-container').filter({ hasText: 'X-API-Key' });
  await apiKeyForm.getByRole('textbox').fill(key);
  await apiKeyForm.getByRole('button', { name: 'Apply credentials' }).click();
  await expect(apiKeyForm.getByRole('button', { name: 'Remove authorization' })).toBeVisible();
  await apiKeyForm.getByRole('button', { name: 'Close' }).click();

  const operation = page.locator('#operations-ledger-recordTransaction');
  await operation.locator('.opblock-summary').click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  const idempotencyKey = randomUUID();
  await operation.locator('tr[data-param-name="idempotency-key"] input').fill(idempotencyKey);
  const body = {
    ShareholderId: holder.id,
    ShareDate: '2025-06-30',
    Shares: '3',
    Cost: '1.25',
    Type: 'New Issue',
    Notes: `Recorded from /docs (${idempotencyKey.slice(0, 8)})`,
  };
  await operation.locator('textarea.body-param__text').fill(JSON.stringify(body, null, 2));
  await operation.getByRole('button', { name: 'Execute' }).click();

  const status = operation.locator('.live-responses-table tbody td.response-col_status');
  await expect(status).toHaveText('201');
  await keepScreenshot(page, 'docs-try-it-out');
  // The answer as the user sees it, at viewport size (e2e/screenshots/, gitignored).
  await operation
    .locator('.live-responses-table')
    .screenshot({ path: join(import.meta.dirname, 'screenshots', 'docs-try-it-out-answer.png') });

  const after = await statementOf();
  expect(after.history).toHaveLength(before.history.length + 1);
  expect(after.history).toContainEqual(
    expect.objectContaining({ notes: body.Notes, shares: '3.00' }),
  );
  await program.dispose();
}
