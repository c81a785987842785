// The sign-in tests' organization: a holder, an administrator and another holder, with password
// logins for the holder, the administrator and an address that matches no holder.
import { addLogin, createHolder, createOrganization } from '../../test-support/fixtures';
import { createTestApp } from '../../test-support/test-app';
import { authClient } from './auth-test-helpers';

export const PW = 'correct horse battery staple';

export async function signInScenario() {
  const t = await createTestApp();
  const c = authClient(t);
  const { organization } = await createOrganization(t.database.db);
  await createHolder(t.database.db, organization.id, {
    name: 'Harper Holder',
    email: 'holder@t.test',
  });
  await createHolder(t.database.db, organization.id, {
    name: 'Avery Admin',
    email: 'admin@t.test',
    isAdmin: true,
  });
  await createHolder(t.database.db, organization.id, {
    name: 'Other Holder',
    email: 'other@t.test',
  });
  for (const email of ['holder@t.test', 'admin@t.test', 'nomatch@t.test'])
    await addLogin(t, email, 'User ' + email, PW);
  const pairOf = async (email: string) =>
    (await c.login(email, PW)).res.json<{ accessToken: string; refreshToken: string }>();
  return { t, c, pairOf };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
