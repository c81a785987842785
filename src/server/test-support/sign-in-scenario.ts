// The sign-in tests' organization: a holder, an administrator and another holder, with password
// logins for the holder, the administrator and an address that matches no holder.
import { afterEach, beforeAll, vi } from 'vitest';
import { addLogin, createOrganizationWith } from './fixtures';
import { useAuthClient } from './use-sign-in-services';
import { useTestApp } from './use-test-app';

export const PW = 'correct horse battery staple';

/**
 * The app, its sign-in client and the organization above, for the tests around the call. They
 * may fake the clock: the real one is back after each test.
 */
export function useSignInScenario() {
  const t = useTestApp();
  const c = useAuthClient(t);
  afterEach(() => {
    vi.useRealTimers();
  });
  beforeAll(async () => {
    await createOrganizationWith(t.database.db, [
      { name: 'Harper Holder', email: 'holder@t.test' },
      { name: 'Avery Admin', email: 'admin@t.test', isAdmin: true },
      { name: 'Other Holder', email: 'other@t.test' },
    ]);
    for (const email of ['holder@t.test', 'admin@t.test', 'nomatch@t.test'])
      await addLogin(t, email, 'User ' + email, PW);
  });
  /** A token pair of a fresh password sign-in. */
  const pairOf = async (email: string) =>
    (await c.login(email, PW)).res.json<{ accessToken: string; refreshToken: string }>();
  return { t, c, pairOf };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
