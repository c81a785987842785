import { createHash } from 'node:crypto';
import { generateRandomString } from 'better-auth/crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/database';
import { authAccount, authSession, authUser, authVerification } from '../db/schema';

/*
 * Rows of better-auth's core tables (user, account, session, verification: the schema its
 * documentation lists, our drizzle tables in db/auth-schema.ts) that the app writes or reads
 * itself, outside a better-auth request: a login an administrator or the demo creates, a
 * credential's password, a bearer access token, a reset token read without using it up.
 * better-auth offers these only through its internal adapter, which is not part
 * of its public API. auth-records.contract.test.ts holds the rows to better-auth's public
 * signInEmail, getSession and resetPassword, so an upgrade that reads them differently fails there.
 */

/** An id or a session token as better-auth makes its own: 32 base62 characters from the CSPRNG. */
export const newAuthId = (): string => generateRandomString(32, 'a-z', 'A-Z', '0-9');

/**
 * How verification identifiers (reset tokens) are stored: SHA-256, base64url without padding.
 * Given to better-auth as `verification.storeIdentifier.hash`, so both sides hash alike; the same
 * digest as its built-in 'hashed', so links sent before the change stay valid.
 */
export const verificationKey = async (identifier: string): Promise<string> =>
  createHash('sha256').update(identifier).digest('base64url');

/** A login with a verified e-mail (an administrator or the demo vouches for it). */
export async function insertUser(db: Db, user: { email: string; name: string }): Promise<string> {
  const id = newAuthId();
  await db.insert(authUser).values({ id, email: user.email, name: user.name, emailVerified: true });
  return id;
}

/** Whether the login has a password (a credential account with one). */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ password: authAccount.password })
    .from(authAccount)
    .where(and(eq(authAccount.userId, userId), eq(authAccount.providerId, 'credential')));
  return Boolean(row?.password);
}

/** Sets the login's password hash: on its credential account, made when it has none. */
export async function setCredentialPassword(db: Db, userId: string, hash: string): Promise<void> {
  const updated = await db
    .update(authAccount)
    .set({ password: hash })
    .where(and(eq(authAccount.userId, userId), eq(authAccount.providerId, 'credential')))
    .returning({ id: authAccount.id });
  if (updated.length > 0) return;
  await db.insert(authAccount).values({
    id: newAuthId(),
    userId,
    providerId: 'credential',
    accountId: userId,
    password: hash,
  });
}

/** A session row: 'api' for a bearer access token, 'web' for a browser's (tests and the demo). */
export async function insertSession(
  db: Db,
  session: { userId: string; kind: 'api' | 'web'; expiresAt: Date },
): Promise<{ id: string; token: string }> {
  const row = { id: newAuthId(), token: newAuthId(), ...session };
  await db.insert(authSession).values(row);
  return { id: row.id, token: row.token };
}

/** The login a live reset token was issued for (better-auth's `reset-password:<token>`), or null. */
export async function resetTokenUser(
  db: Db,
  token: string,
): Promise<{ id: string; email: string } | null> {
  const identifier = await verificationKey(`reset-password:${token}`);
  const [row] = await db
    .select({ id: authUser.id, email: authUser.email })
    .from(authVerification)
    .innerJoin(authUser, eq(authUser.id, authVerification.value))
    .where(
      and(eq(authVerification.identifier, identifier), gt(authVerification.expiresAt, new Date())),
    );
  return row ?? null;
}
