import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { authUser } from '../db/schema';
import { hashPassword } from './auth';
import { insertUser, setCredentialPassword } from './auth-records';
import { bindLoginToCompany } from './login-company';

/**
 * A login for a holder's e-mail: the better-auth user (e-mail verified: an administrator or the
 * demo vouches for it) and, with a password, its credential account. Existing users are reused.
 * The login belongs to `organizationId`, or else to the company holding the e-mail first.
 */
export async function createLogin(
  db: Db,
  opts: { email: string; name: string; password?: string; organizationId?: string },
): Promise<{ userId: string; created: boolean }> {
  const email = opts.email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: authUser.id })
    .from(authUser)
    .where(sql`lower(${authUser.email}) = ${email}`);
  const userId = existing?.id ?? (await insertUser(db, { email, name: opts.name }));
  await bindLoginToCompany(db, userId, opts.organizationId);
  if (opts.password !== undefined)
    await setCredentialPassword(db, userId, await hashPassword(opts.password));
  return { userId, created: !existing };
}
