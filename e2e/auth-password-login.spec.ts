import { expect, test } from './support/fixtures';
import { demo, logInWithPassword } from './support/auth';
import { passwords } from './support/passwords';

test('password sign-in and logout: the old session is dead after logout', async ({
  page,
  context,
}) => {
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(m.text());
  });
  await page.goto('/view');
  await expect(page).toHaveURL(/\/login\?next=%2Fview$/); // signed out → /login, keeping /view
  const email = page.getByLabel('E-mail');
  await expect(email).toHaveAttribute('type', 'email');
  await expect(email).toHaveAttribute('required', '');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  await expect(page.getByRole('link', { name: 'Reset Password' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
  await expect(page.getByRole('button', { name: 'Login with Google' })).toBeVisible();

  // A wrong password shows the server's message.
  await email.fill(demo.holder.email);
  await page.getByLabel('Password', { exact: true }).fill(passwords.wrong);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');

  await logInWithPassword(page, demo.holder.email, demo.holder.password);
  // A shareholder at Home goes to their own statement.
  await expect(page).toHaveURL(/\/view\?SH_UID=[0-9a-f-]{36}$/);
  const cookie = (await context.cookies()).find((c) => c.name === 'registry.session_token')!;
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe('Lax');
  const before = await page.request.post('/api/v1/userInfo', {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(before.status()).toBe(200);
  expect(await before.json()).toMatchObject({ email: demo.holder.email, isAdmin: false });

  // Signed in at /login → /.
  await page.goto('/login');
  await expect(page).not.toHaveURL(/\/login/);

  await page
    .getByRole('button', { name: /Logout|Log out/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
  const stolen = await page.request.post('/api/v1/userInfo', {
    headers: {
      cookie: `registry.session_token=${cookie.value}`,
      origin: new URL(page.url()).origin,
    },
  });
  expect(stolen.status()).toBe(401);
  expect((await context.cookies()).some((c) => c.name === 'registry.session_token')).toBe(false);
  expect(cspViolations).toEqual([]);
});

test('a password can be pasted into the login form (AUTH-01)', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(demo.holder.email);
  const field = page.getByLabel('Password', { exact: true });
  await expect(field).toHaveAttribute('type', 'password');
  await page.evaluate((p) => navigator.clipboard.writeText(p), demo.holder.password);
  await field.focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(field).toHaveValue(demo.holder.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/view\?SH_UID=/);
});

test('after sign-in the user lands on the page they asked for, never on another site', async ({
  page,
  baseURL,
}) => {
  // An administrator opens a holder's statement from a link, signed out.
  const admin = await page.context().request.post('/auth/login', {
    headers: { origin: baseURL! },
    data: { username: demo.admin.email, password: demo.admin.password },
  });
  const directory = (await (
    await page.context().request.get('/api/v1/shareholders?search=%C5%81ukasz')
  ).json()) as { rows: { id: string }[] };
  const asked = `/view?SH_UID=${directory.rows[0]!.id}`;
  expect(admin.status()).toBe(200);
  await page.context().clearCookies();

  const signInHere = async () => {
    await page.getByLabel('E-mail').fill(demo.admin.email);
    await page.getByLabel('Password', { exact: true }).fill(demo.admin.password);
    await page.getByRole('button', { name: 'Log In' }).click();
  };
  await page.goto(asked);
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(asked)}`);
  await signInHere();
  await expect(page).toHaveURL(asked);
  await expect(page.getByRole('heading', { name: 'Transaction History' })).toBeVisible();
  await page.context().clearCookies();

  await page.goto('/transaction');
  await expect(page).toHaveURL('/login?next=%2Ftransaction');
  await signInHere();
  await expect(page).toHaveURL('/transaction');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Shares' })).toBeVisible();
  await page.context().clearCookies();

  // Only this app's pages: an address elsewhere leads Home.
  for (const elsewhere of ['//evil.example/view', 'https://evil.example/', '/\\evil.example']) {
    await page.goto(`/login?next=${encodeURIComponent(elsewhere)}`);
    await signInHere();
    await expect(page.getByRole('heading', { level: 1, name: 'Shareholders' })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().clearCookies();
  }
});
