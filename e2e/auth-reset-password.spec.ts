import { expect, test } from '@playwright/test';
import { demo, logInWithPassword, mailCount, waitForMail } from './support/auth';

test('forgot password → mail over SMTP → reset → new password works, old refused, other sessions ended', async ({
  page,
  browser,
  baseURL,
}) => {
  const user = demo.lukasz;
  const next = 'a quiet river at dawn';
  // Another browser is signed in before the reset.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logInWithPassword(otherPage, user.email, user.password);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const seen = mailCount();
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByRole('button', { name: 'Send Reset Email' }).click();
  await expect(page.getByRole('status')).toHaveText(
    "Check your email for reset instructions. If you don't see it, check your spam folder.",
  );
  await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');

  const mail = await waitForMail(user.email, 'Reset your', seen);
  const link = /(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  expect(new URL(link).origin).toBe(baseURL);
  const response = await page.goto(link);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  expect(page.url()).toBe(`${baseURL}/reset-password`); // the token left the address bar

  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByLabel('Confirm password', { exact: true }).fill('something else');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match.');
  await page.getByLabel('Confirm password', { exact: true }).fill(next);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Password reset successfully! Redirecting to login page...',
  );
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  // The same link works once.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(
    'Invalid or expired reset token. Please request a new password reset.',
  );

  // The other browser's session has ended.
  const otherCall = await otherPage.request.post('/api/v1/userInfo', {
    headers: { origin: baseURL! },
  });
  expect(otherCall.status()).toBe(401);
  await other.close();
  await waitForMail(user.email, 'was reset', seen);

  // The old password is refused, the new one works.
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await logInWithPassword(page, user.email, next);

  // Put the demo password back for the journeys that follow.
  const restore = await page.request.post('/auth/set-password', {
    headers: { origin: baseURL! },
    data: { currentPassword: next, newPassword: user.password },
  });
  expect(restore.status()).toBe(200);
});

test('a reset link without a token says so', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toHaveText(
    'No reset token found in URL. Please use the link from your email.',
  );
});
