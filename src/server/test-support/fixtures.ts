import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { authAccount, authUser, organization, shareClass, shareholder } from '../db/schema';
import { sessionCookieOf as cookieSettingsOf } from '../auth/auth';
import { hasPassword, insertSession, newAuthId } from '../auth/auth-records';
import { matchUser } from '../auth/holder-match';
import { sessionExpiry } from '../auth/session-expiry';
import { createLogin } from '../auth/create-login';
import { SESSION_COOKIE } from '../auth/resolve-principal';
import { recordSecrets } from './suite-server-log';
import type { TestApp } from './test-app';

/** An organization with its two share classes (CS- common, PS- preferred). */
export async function createOrganization(db: Db, legalName = 'Test Holdings, Inc.') {
  const [org] = await db
    .insert(organization)
    .values({ legalName, address: '1 Main St', city: 'Dover', state: 'DE', zipCode: '19901' })
    .returning();
  const classes = await db
    .insert(shareClass)
    .values([
      { organizationId: org!.id, name: 'Common Stock', classType: 'common', prefix: 'CS-' },
      {
        organizationId: org!.id,
        name: 'Series A Preferred',
        classType: 'preferred',
        prefix: 'PS-',
      },
    ])
    .returning();
  return {
    organization: org!,
    common: classes.find((c) => c.classType === 'common')!,
    preferred: classes.find((c) => c.classType === 'preferred')!,
  };
}

export async function createHolder(
  db: Db,
  organizationId: string,
  h: {
    name: string;
    email?: string | null;
    isAdmin?: boolean;
    readOnly?: boolean;
    active?: boolean;
  },
) {
  const [row] = await db
    .insert(shareholder)
    .values({
      organizationId,
      name: h.name,
      fullName: h.name,
      email: h.email ?? null,
      isAdmin: h.isAdmin ?? false,
      readOnly: h.readOnly ?? false,
      active: h.active ?? true,
    })
    .returning();
  return row!;
}

/** An organization (createOrganization) with these holders (createHolder). */
export async function createOrganizationWith(
  db: Db,
  holders: Array<Parameters<typeof createHolder>[2]>,
  legalName?: string,
) {
  const created = await createOrganization(db, legalName);
  for (const h of holders) await createHolder(db, created.organization.id, h);
  return created;
}

/** The password signInAs gives a user who has no password yet. */
export const FIXTURE_PASSWORD = 'fixture-passphrase-for-tests-only';
recordSecrets(FIXTURE_PASSWORD);

/**
 * Request headers of a signed-in browser session for this e-mail (cookie + same-origin Origin).
 * A real better-auth session: the user (created when missing) signs in through POST /auth/login;
 * a user whose password is not the fixture's gets a session created by better-auth directly.
 */
export async function signInAs(t: TestApp, email: string): Promise<Record<string, string>> {
  const db = t.database.db;
  const [existing] = await db
    .select({ id: authUser.id })
    .from(authUser)
    .where(sql`lower(${authUser.email}) = lower(${email})`);
  const withPassword = existing ? await hasPassword(db, existing.id) : false;
  if (!withPassword) await createLogin(db, { email, name: email, password: FIXTURE_PASSWORD });
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    headers: { origin: t.config.publicUrl },
    payload: { username: email, password: FIXTURE_PASSWORD },
  });
  const fromLogin = res.statusCode === 200 ? sessionCookieOf(res.headers['set-cookie']) : null;
  if (fromLogin) return { cookie: fromLogin, origin: t.config.publicUrl };
  return { cookie: await browserSessionCookie(t, existing!.id), origin: t.config.publicUrl };
}

/**
 * "name=value" of a new browser session of this login, as signing in would make it (the role's
 * expiry, the cookie signed with the session secret), without a password.
 */
export async function browserSessionCookie(t: TestApp, userId: string): Promise<string> {
  const { role } = await matchUser(t.database.db, userId);
  const expiresAt = sessionExpiry(role, new Date(), Date.now());
  const { token } = await insertSession(t.database.db, { userId, kind: 'web', expiresAt });
  const { name, secret } = cookieSettingsOf(t.config);
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `${name}=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** Links a Google identity to the login (as a first Google sign-in would). */
export async function linkGoogle(db: Db, userId: string, accountId: string): Promise<void> {
  await db.insert(authAccount).values({ id: newAuthId(), userId, providerId: 'google', accountId });
}

/** "name=value" of the session cookie in a Set-Cookie header, or null. */
export function sessionCookieOf(setCookie: string | string[] | undefined): string | null {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith(`${SESSION_COOKIE}=`) && !/max-age=0/i.test(c));
  return found ? found.split(';')[0]! : null;
}

export async function deactivate(db: Db, holderId: string) {
  await db.update(shareholder).set({ active: false }).where(eq(shareholder.id, holderId));
}

/** A password login for `email` (better-auth's own user and credential), as a test sets one up. */
export const addLogin = (t: TestApp, email: string, name: string, password: string) => {
  recordSecrets(password);
  return createLogin(t.database.db, { email, name, password });
};
