import { expect, test } from './support/fixtures';
import { demo, logInWithPassword, mailCount, putPasswordBack, waitForMail } from './support/auth';
import { passwords } from './support/passwords';
import { expectAccessible, keepScreenshot } from './support/screens';

// A test that failed half-way may have left the new password in place.
test.afterEach(async ({ request, baseURL }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus)
    await putPasswordBack(request, baseURL!, demo.lukasz, passwords.reset);
});

test('forgot password → mail over SMTP → reset → new password works, old refused, other sessions ended', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const user = demo.lukasz;
  const next = passwords.reset;
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
  await keepScreenshot(page, 'forgot-password-sent');

  const mail = await waitForMail(user.email, 'Reset your', seen);
  const link = /(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  expect(new URL(link).origin).toBe(baseURL);
  // Every call the page makes, with the address bar as it was at that moment.
  await page.addInitScript(() => {
    const w = window as unknown as { calls: Array<{ url: string; address: string }> };
    w.calls = [];
    const real = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      w.calls.push({ url, address: window.location.href });
      return real(input, init);
    };
  });
  const response = await page.goto(link);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  expect(page.url()).toBe(`${baseURL}/reset-password`); // the token left the address bar
  // ... before anything was asked of the server, the session check included (RST-07).
  const calls = await page.evaluate(
    () => (window as unknown as { calls: Array<{ url: string; address: string }> }).calls,
  );
  expect(calls.map((c) => new URL(c.url).pathname)).toEqual(
    expect.arrayContaining(['/api/v1/userInfo', '/auth/validate-reset-token']),
  );
  for (const c of calls) expect(c.address, c.url).toBe(`${baseURL}/reset-password`);
  await expectAccessible(page, '/reset-password with a valid token');
  await keepScreenshot(page, 'reset-password');

  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByLabel('Confirm password', { exact: true }).fill(passwords.mismatch);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match.');
  await page.getByLabel('Confirm password', { exact: true }).fill(next);
  const reset = page.waitForResponse((r) => r.url().endsWith('/auth/reset-password'));
  const toLogin = page.waitForRequest(
    (r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/login',
    { timeout: 15_000 },
  );
  await page.getByRole('button', { name: 'Reset Password' }).click();
  const answer = await reset;
  expect(answer.status()).toBe(200);
  await answer.finished();
  await expect(page.getByRole('status')).toHaveText(
    'Password reset successfully! Redirecting to login page...',
  );
  await keepScreenshot(page, 'reset-password-done');
  // Spec section 9: /login 2 s after the reset, on the browser's clock (end of the answer →
  // start of the /login page's navigation).
  const timing = answer.request().timing();
  await toLogin;
  await expect(page).toHaveURL(/\/login$/);
  const loginStarted = await page.evaluate(() => performance.timeOrigin);
  // Playwright's network timing and the new page's timeOrigin are read off different clocks: on a
  // loaded machine they have disagreed by 12 ms, so 2 s is checked to within 50 ms.
  const waited = loginStarted - (timing.startTime + timing.responseEnd);
  expect(waited).toBeGreaterThanOrEqual(2000 - 50);
  expect(waited).toBeLessThan(5000);

  // The same link works once.
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText(
    'Invalid or expired reset token. Please request a new password reset.',
  );
  await keepScreenshot(page, 'reset-password-used-link');

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

  // The demo password comes back for the journeys that follow.
  await putPasswordBack(request, baseURL!, user, next);
});

test('a reset link without a token says so', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toHaveText(
    'No reset token found in URL. Please use the link from your email.',
  );
});
