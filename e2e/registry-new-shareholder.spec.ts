import { expect, test } from './support/fixtures';
import {
  demo,
  expectAccessible,
  expectNoHorizontalScroll,
  keepScreenshot,
  signIn,
} from './registry-helpers';

// Issue 25: an administrator adds a holder in the app (an entity abroad), finds them in the
// directory, invites them to the portal, and deactivates them while they hold nothing.

const run = Date.now().toString(36);

test('an administrator adds a shareholder, finds them in the directory, invites and deactivates them', async ({
  page,
}) => {
  const name = `Northwind Ventures ${run}`;
  await signIn(page, demo.admin);
  await page.getByRole('link', { name: 'New shareholder' }).click();
  await expect(page).toHaveURL(/\/shareholders\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New shareholder' })).toBeVisible();
  await expectAccessible(page, 'new shareholder');
  await keepScreenshot(page, 'new-shareholder');

  // Nothing typed: the name is asked for, next to its field.
  await page.getByRole('button', { name: 'Add shareholder' }).click();
  await expect(page.getByText('Name is required.')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Holder type').selectOption('entity');
  await page.getByLabel('E-mail').fill(`capital-${run}@northwind.example`);
  await page.getByLabel('Address', { exact: true }).fill('10 Downing Street');
  await page.getByLabel('City', { exact: true }).fill('London');
  await page.getByLabel('Zip Code', { exact: true }).fill('SW1A 2AA');
  await page.getByLabel('Country', { exact: true }).fill('United Kingdom');
  await page.getByRole('button', { name: 'Add shareholder' }).click();
  const receipt = page.locator('.message-anchor .alert-success');
  await expect(receipt).toContainText(`${name} was added to the registry, with no shares yet.`);
  await expect(page.locator('.message-anchor')).toBeFocused();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');
  await expectAccessible(page, 'new shareholder, added');

  // The same e-mail again: refused under the field, nothing added.
  await page.getByLabel('Name', { exact: true }).fill(`${name} again`);
  await page.getByLabel('E-mail').fill(`capital-${run}@northwind.example`);
  await page.getByRole('button', { name: 'Add shareholder' }).click();
  await expect(
    page.getByText('Another shareholder of this company already has this e-mail address.'),
  ).toBeVisible();

  // In the directory, with no shares; their profile shows where they are.
  await page.goto(`/?q=${encodeURIComponent(name)}`);
  await page.getByRole('link', { name: `View Details of ${name}` }).click();
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('United Kingdom');
  await expect(page.getByLabel('Zip Code', { exact: true })).toHaveValue('SW1A 2AA');

  // Invited to the portal: the profile and the directory say so.
  await expect(page.getByText('Portal: not invited yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Invite to the portal' }).click();
  await expect(page.getByRole('status')).toContainText(
    `An invitation was sent to capital-${run}@northwind.example.`,
  );
  await expect(page.getByText('Portal: invited, no password chosen yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the invitation again' })).toBeVisible();
  await expectAccessible(page, 'profile after an invitation');
  await keepScreenshot(page, 'profile-invited');
  await page.goto(`/?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Invited');
  await page.goBack();

  // Deactivated after a confirm: out of the directory, still reachable by its address.
  await page.getByRole('button', { name: 'Deactivate…' }).click();
  await expectAccessible(page, 'profile, confirming deactivation');
  await page.getByRole('button', { name: `Deactivate ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Status: inactive' })).toBeVisible();
  await page.goto(`/?q=${encodeURIComponent(name)}`);
  await expect(page.getByText('No shareholders match')).toBeVisible();
});

test('the New shareholder page on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, demo.admin);
  await page.goto('/shareholders/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New shareholder' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'new shareholder at 375 px');
  await keepScreenshot(page, 'new-shareholder-375');
});
