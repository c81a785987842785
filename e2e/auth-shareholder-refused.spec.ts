import { expect, test } from './support/fixtures';
import { demo, logInWithPassword } from './support/auth';
import { passwords } from './support/passwords';

test("a shareholder who opens an administrator route or another holder's page is sent to their own statement", async ({
  page,
}) => {
  await logInWithPassword(page, demo.holder.email, demo.holder.password);
  await expect(page).toHaveURL(/\/view\?SH_UID=/);
  // Signing in lands on Home, which for a holder is their statement: nothing was refused.
  const notice = page.getByText('You were brought to your own statement');
  await expect(page.getByRole('heading', { name: 'Transaction History' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  const own = new URL(page.url()).searchParams.get('SH_UID');
  for (const path of [
    '/transaction',
    '/',
    '/view?SH_UID=11111111-1111-1111-1111-111111111111',
    '/profile?SH_UID=11111111-1111-1111-1111-111111111111',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/view\\?SH_UID=${own}$`));
    await expect(notice).toHaveCount(path === '/' ? 0 : 1);
  }
  await page.goto(`/profile?SH_UID=${own}`);
  await expect(page).toHaveURL(new RegExp(`/profile\\?SH_UID=${own}$`));
  await page.goto('/password');
  await expect(page).toHaveURL(/\/password$/);
  // The server refuses too.
  const admin = await page.request.post('/auth/set-password', {
    headers: { origin: new URL(page.url()).origin },
    data: { email: 'holder1@demo.acme.test', newPassword: passwords.initial },
  });
  expect(admin.status()).toBe(403);
});
