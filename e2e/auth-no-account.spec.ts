import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { setIdpUser } from './support/auth';

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
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.goto('/view?SH_UID=00000000-0000-0000-0000-000000000000');
  await expect(page).toHaveURL(/\/noaccount$/);
});
