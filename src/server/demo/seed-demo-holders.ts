import type { Tx } from '../db/database';
import type { DemoLogin } from './seed-demo';

/** The demo holders that have logins (filled in by the sign-in feature). */
export async function seedDemoHolders(
  _tx: Tx,
  _organizationId: string,
): Promise<{ logins: DemoLogin[] }> {
  return { logins: [] };
}
