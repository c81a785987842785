import { expect, test } from './support/fixtures';
import type { CompanyLedgerResponse } from '../src/contract/company-ledger';
import type { AuditChainResponse } from '../src/contract/audit';
import type { ProfileResponse } from '../src/contract/ledger';
import {
  api,
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  keepScreenshot,
  signIn,
  openFromMenu,
} from './registry-helpers';

// Issue 25: an administrator reads the audit trail: the hash chain verified at the top, who did
// what, when and why with what changed, narrowed to one holder and a date range that a reload
// keeps, and read at 375 px.

test('the audit trail: chain verified, entries with their changes, filters held in the address', async ({
  page,
}) => {
  test.slow(); // axe on several screens, on a shared machine
  await signIn(page, demo.admin);
  await openFromMenu(page, 'Registry', 'Audit Trail');
  await expect(page).toHaveURL(/\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  const chain = await api<AuditChainResponse>(page, '/api/v1/audit/chain');
  expect(chain.broken).toBeNull();
  await expect(
    page.getByRole('status').filter({ hasText: 'Chain verified through entry' }),
  ).toBeVisible();
  const entries = page.locator('article.audit-entry');
  await expect(entries.first()).toBeVisible();
  // Who, what, when and why, and what changed.
  const first = entries.first();
  for (const fact of ['When', 'Who', 'What', 'Why'])
    await expect(first.locator('dt', { hasText: fact })).toBeVisible();
  await expectAccessible(page, 'audit trail');
  await keepScreenshot(page, 'audit-trail');

  // One holder's entries since 2000, from the address; a reload keeps them.
  const ledger = await api<CompanyLedgerResponse>(
    page,
    '/api/v1/ledger?type=Transferred&pageSize=1',
  );
  const holderId = ledger.rows[0]!.holderId;
  await page.goto(`/audit?holderId=${holderId}`);
  await page.getByLabel('Recorded from').fill('2000-01-01');
  await expect(page).toHaveURL(/from=2000-01-01/);
  await page.reload();
  await expect(page.getByLabel('Recorded from')).toHaveValue('2000-01-01');
  // The filter names the holder, not their id.
  const holder = await api<ProfileResponse>(page, `/api/v1/shareholders/${holderId}`);
  await expect(
    page.getByRole('button', { name: `Holder ${holder.fullName} (remove this filter)` }),
  ).toBeVisible();
  await expect(entries.first()).toBeVisible();
  const transfer = entries.filter({ hasText: 'Transfer (ledger)' }).first();
  await expect(transfer).toBeVisible();
  // A long change waits behind its summary.
  await transfer.getByText(/^What changed \(\d+ values\)$/).click();
  await expect(transfer.locator('table.audit-diff tbody tr').first()).toBeVisible();
  await expect(
    transfer.locator('td[data-label="Field"]', { hasText: /balance/ }).first(),
  ).toBeVisible();

  // The filter removed: back to the whole trail.
  await page.getByRole('button', { name: /Holder .*remove this filter/ }).click();
  await expect(page).not.toHaveURL(/holderId=/);

  // Nothing recorded in that range: said so.
  await page.getByLabel('Recorded from').fill('2999-01-01');
  await expect(page.getByText('No audit entries match these filters.')).toBeVisible();

  // At 375 px.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/audit?holderId=${holderId}`);
  await expect(entries.first()).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'audit trail at 375 px');
  await keepScreenshot(page, 'audit-trail-375');
});
