import { expect, test } from '@playwright/test';
import { demo, logInWithPassword, mailCount, waitForMail } from './support/auth';

test('change password: the current one is required, the new one works, a confirmation is mailed', async ({
  page,
  baseURL,
}) => {
  const user = demo.admin;
  const next = 'lantern over the harbour';
  await logInWithPassword(page, user.email, user.password);
  await page.goto('/password');
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(user.email);

  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters long.');

  await page.getByLabel('New password').fill(next);
  await page.getByLabel('Confirm password').fill(next);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your current password is incorrect.');

  await page.getByLabel('E-mail').fill('');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter your email address.');
  await page.getByLabel('E-mail').fill(user.email);

  const seen = mailCount();
  await page.getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Password successfully updated. You will receive an email confirmation.',
  );
  await expect(page).not.toHaveURL(/\/password/, { timeout: 6000 });
  await waitForMail(user.email, 'was changed', seen);

  await page.context().clearCookies();
  await logInWithPassword(page, user.email, next);
  const restore = await page.request.post('/auth/set-password', {
    headers: { origin: baseURL! },
    data: { currentPassword: next, newPassword: user.password },
  });
  expect(restore.status()).toBe(200);
});
