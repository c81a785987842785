import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { authUser } from '../db/schema';
import { hashPassword, type Auth } from './auth';
import { bindLoginToCompany } from './login-company';

/**
 * A login for a holder's e-mail: the better-auth user (e-mail verified: an administrator or the
 * demo vouches for it) and, with a password, its credential account. Existing users are reused.
 * The login belongs to `organizationId`, or else to the company holding the e-mail first.
 */
export async function createLogin(
  auth: Auth,
  db: Db,
  opts: { email: string; name: string; password?: string; organizationId?: string },
): Promise<{ userId: string; created: boolean }> {
  const ctx = await auth.$context;
  const email = opts.email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: authUser.id })
    .from(authUser)
    .where(sql`lower(${authUser.email}) = ${email}`);
  const user =
    existing ??
    (await ctx.internalAdapter.createUser(
      { email, name: opts.name, emailVerified: true },
      { method: 'admin' },
    ));
  await bindLoginToCompany(db, user.id, opts.organizationId);
  if (opts.password !== undefined) {
    const hash = await hashPassword(opts.password);
    const credential = await ctx.internalAdapter.findCredentialAccount(user.id);
    if (credential) await ctx.internalAdapter.updatePassword(user.id, hash);
    else
      await ctx.internalAdapter.linkAccount({
        userId: user.id,
        providerId: 'credential',
        accountId: user.id,
        password: hash,
      });
  }
  return { userId: user.id, created: !existing };
}
