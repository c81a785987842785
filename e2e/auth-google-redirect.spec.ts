import { expect, test } from './support/fixtures';
import { demo, setIdpUser } from './support/auth';

test('Google sign-in by redirect: /auth/callback with no token in any URL, then Home', async ({
  page,
}) => {
  await setIdpUser({
    sub: 'google-holder',
    email: demo.holder.email,
    email_verified: true,
    name: 'Harper Holder',
  });
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await page.goto('/auth/oauth/google?redirect=true');
  await expect(page).toHaveURL(/\/view\?SH_UID=/);
  expect(urls.some((u) => u.includes('/auth/callback'))).toBe(true);
  const tokenish = urls.filter((u) =>
    /[?&](token|accessToken|refreshToken|access_token|id_token)=/i.test(u),
  );
  expect(tokenish).toEqual([]);
  const me = await page.request.post('/api/v1/userInfo', {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(await me.json()).toMatchObject({ email: demo.holder.email });
});

test('an unverified Google e-mail is refused and lands on /login with "Google login failed"', async ({
  page,
}) => {
  await setIdpUser({
    sub: 'google-mallory',
    email: demo.admin.email,
    email_verified: false,
    name: 'Mallory',
  });
  await page.goto('/auth/oauth/google?redirect=true');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('alert')).toHaveText('Google login failed');
});
