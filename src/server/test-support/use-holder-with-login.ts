import { beforeAll } from 'vitest';
import { addLogin, createOrganizationWith } from './fixtures';
import { useAuthClient } from './use-sign-in-services';
import { useTestApp } from './use-test-app';

/**
 * The app and its sign-in client, for the tests around the call: one organization whose one
 * holder has a password login.
 */
export function useHolderWithLogin(holder: { name: string; email: string }, password: string) {
  const t = useTestApp();
  const c = useAuthClient(t);
  beforeAll(async () => {
    await createOrganizationWith(t.database.db, [holder]);
    await addLogin(t, holder.email, holder.name, password);
  });
  return { t, c };
}
