import { expect, test } from './support/fixtures';
import {
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  keepScreenshot,
  signIn,
  signInByApi,
  openFromMenu,
} from './registry-helpers';

// Issue 25: the certificate register (filters in the address), a certificate's page with its
// lineage as a tree, a lineage link followed, and the certificate's PDF.

test('an administrator filters the register, opens a certificate, follows its lineage and gets its PDF', async ({
  page,
}) => {
  await signIn(page, demo.admin);
  await openFromMenu(page, 'Registry', 'Certificates');
  await expect(page).toHaveURL(/\/certificates$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible();
  const table = page.getByRole('region', { name: 'Certificates table' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(/^1–\d+ of \d+ certificates/)).toBeVisible();
  await expectAccessible(page, 'certificate register');
  await keepScreenshot(page, 'certificate-register');

  // Filtered by status: the address says so, and every row is of that status.
  await page.getByLabel('Status').selectOption('fully-transferred');
  await expect(page).toHaveURL(/[?&]status=fully-transferred/);
  await expect(page.getByText('· updating…')).toHaveCount(0);
  const statuses = await table.locator('tbody td[data-label="Status"]').allInnerTexts();
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(['Fully transferred']));
  await page.getByLabel('Class').selectOption('common');
  await expect(page).toHaveURL(/[?&]class=common/);
  await expect(page.getByText('· updating…')).toHaveCount(0);
  await expectAccessible(page, 'certificate register, filtered');

  // Its page: the facts, the lineage with this one marked, the certificates made from it.
  const first = table.locator('tbody th a').first();
  const label = (await first.innerText()).trim();
  await first.click();
  await expect(page).toHaveURL(/\/certificates\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `Certificate ${label}` })).toBeVisible();
  const lineage = page.getByRole('navigation', { name: 'Lineage' });
  await expect(lineage.locator('[aria-current="page"]')).toContainText(label);
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await expectAccessible(page, 'certificate page');
  await keepScreenshot(page, 'certificate-page');

  // A fully transferred certificate has certificates made from it: follow one.
  const next = lineage.getByRole('link').first();
  const nextLabel = (await next.innerText()).split(' · ')[0]!.trim();
  await next.click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Certificate ${nextLabel}` }),
  ).toBeVisible();
  await expect(lineage.locator('[aria-current="page"]')).toContainText(nextLabel);
  await expect(lineage.getByRole('link', { name: new RegExp(`^${label} ·`) })).toBeVisible();

  // The PDF link answers a PDF.
  const pdfLink = page.getByRole('link', { name: 'Download certificate (PDF)' });
  const href = await pdfLink.getAttribute('href');
  expect(href).toMatch(/^\/api\/v1\/certificates\/[0-9a-f-]{36}\.pdf$/);
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Back returns to the filtered register.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/status=fully-transferred/);
  await expect(page.getByLabel('Status')).toHaveValue('fully-transferred');
});

test('the certificate register and a certificate on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInByApi(page, demo.admin);
  await page.goto('/certificates?status=partly-transferred');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible();
  const table = page.getByRole('region', { name: 'Certificates table' });
  const first = table.locator('tbody th a').first();
  await expect(first).toBeVisible();
  // Each row is a card with its values labelled: no header row above the cards.
  await expect(table.locator('thead')).toBeHidden();
  await expect(table.locator('tbody td[data-label="Balance"]').first()).toBeVisible();
  // The sort stays reachable: the header's sort buttons become two selects.
  await page.getByLabel('Sort by').selectOption('balance');
  await page.getByLabel('Order').selectOption('desc');
  await expect(page).toHaveURL(/[?&]sort=balance(&|$)/);
  await expect(page).toHaveURL(/[?&]dir=desc(&|$)/);
  await expect(page.getByText('· updating…')).toHaveCount(0);
  await expect(first).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'certificate register at 375 px');
  await keepScreenshot(page, 'certificate-register-375');

  await first.click();
  await expect(page.getByRole('navigation', { name: 'Lineage' })).toBeVisible();
  const history = page.getByRole('region', { name: 'Certificate history' });
  await expect(history.locator('tbody td[data-label="Date"]').first()).toBeVisible();
  await expect(history.locator('thead')).toBeHidden();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'certificate page at 375 px');
  await keepScreenshot(page, 'certificate-page-375');
});

test('a filter that matches nothing says so, and a missing certificate is not found', async ({
  page,
}) => {
  await signInByApi(page, demo.admin);
  await page.goto('/certificates?holder=00000000-0000-4000-8000-000000000000&status=cancelled');
  await expect(page.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('cancelled');
  await expect(page.getByText('No certificates match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/certificates$/);
  await page.goto('/certificates/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Certificate not found' })).toBeVisible();
  await expectAccessible(page, 'certificate not found');
});
