import type { UserInfo } from '../src/contract/user-info';
import { expect, test } from './support/fixtures';
import {
  api,
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  keepScreenshot,
  openFromMenu,
  signIn,
} from './registry-helpers';

// Issue 25's read-only role (decision 124): the demo auditor sees the directory and any holder's
// statement and profile, is offered no action, and is refused the administrator's pages.

test('a read-only holder sees the whole registry and is offered nothing to change', async ({
  page,
}) => {
  await signIn(page, demo.auditor);
  await expect(page.getByRole('heading', { level: 1, name: 'Shareholders' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New shareholder' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Manage Shares' })).toHaveCount(0);
  await expectAccessible(page, 'directory, read-only');
  await keepScreenshot(page, 'read-only-directory');

  // Another holder's statement and profile.
  await page
    .getByRole('row')
    .filter({ hasText: 'Harper Holder' })
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(/\/view\?SH_UID=/);
  await expect(page.getByRole('main')).toContainText('Harper Holder');
  const holderId = new URL(page.url()).searchParams.get('SH_UID')!;
  await page.goto(`/profile?SH_UID=${holderId}`);
  await expect(page.getByText('Your access is read-only')).toBeVisible();
  await expect(page.getByLabel('City', { exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /^Status/ })).toHaveCount(0);
  await expectAccessible(page, 'profile, read-only');

  // A Registry page opens as for an administrator, from the menu: the cap table.
  await openFromMenu(page, 'Registry', 'Cap Table');
  await expect(page).toHaveURL(/\/cap-table$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cap Table' })).toBeVisible();
  await expect(page.getByText('Your account cannot open')).toHaveCount(0);

  // An administrator's page sends them to their own statement, saying so.
  const me = await api<UserInfo>(page, '/api/v1/userInfo', 'POST');
  expect(me.isReadOnly).toBe(true);
  expect(me.SH_ID).toBeTruthy();
  expect(me.SH_ID).not.toBe(holderId);
  await page.goto('/transaction');
  await expect(page).toHaveURL(/\/view\?SH_UID=/);
  expect(new URL(page.url()).searchParams.get('SH_UID')).toBe(me.SH_ID);
  await expect(
    page.getByText(
      'You were brought to your own statement: your account cannot open that page, which is for administrators.',
    ),
  ).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Shareholders' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await keepScreenshot(page, 'read-only-directory-375');
});
