import { expect, test } from './support/fixtures';
import { setIdpUser } from './support/auth';
import { expectAccessible, keepScreenshot } from './support/screens';

test('a user whose e-mail matches no shareholder lands on /noaccount', async ({ page }) => {
  await setIdpUser({
    sub: 'google-stranger',
    email: 'stranger@example.test',
    email_verified: true,
    name: 'Stranger',
  });
  await page.goto('/auth/oauth/google?redirect=true');
  await expect(page).toHaveURL(/\/noaccount$/);
  await expect(page.getByRole('heading', { name: 'No Shareholder Account' })).toBeVisible();
  await expect(
    page.getByText('no active shareholder record matches this e-mail address'),
  ).toBeVisible();
  await expectAccessible(page, '/noaccount');
  await keepScreenshot(page, 'noaccount');
  await page.goto('/view?SH_UID=00000000-0000-0000-0000-000000000000');
  await expect(page).toHaveURL(/\/noaccount$/);
});
