import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { authSession, authUser, organization, shareClass, shareholder } from '../db/schema';
import { SESSION_COOKIE } from '../auth/resolve-principal';
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
  h: { name: string; email?: string | null; isAdmin?: boolean; active?: boolean },
) {
  const [row] = await db
    .insert(shareholder)
    .values({
      organizationId,
      name: h.name,
      fullName: h.name,
      email: h.email ?? null,
      isAdmin: h.isAdmin ?? false,
      active: h.active ?? true,
    })
    .returning();
  return row!;
}

/**
 * Request headers of a signed-in browser session for this e-mail (cookie + same-origin Origin).
 * The session is a real row in the auth tables; the user is created when missing.
 */
export async function signInAs(t: TestApp, email: string): Promise<Record<string, string>> {
  const db = t.database.db;
  let [user] = await db
    .select()
    .from(authUser)
    .where(sql`lower(${authUser.email}) = lower(${email})`);
  if (!user) {
    [user] = await db
      .insert(authUser)
      .values({ id: randomUUID(), name: email, email: email.toLowerCase(), emailVerified: true })
      .returning();
  }
  const token = randomBytes(24).toString('base64url');
  await db.insert(authSession).values({
    id: randomUUID(),
    token,
    userId: user!.id,
    expiresAt: new Date(Date.now() + 3600_000),
    kind: 'web',
  });
  return { cookie: `${SESSION_COOKIE}=${token}`, origin: t.config.publicUrl };
}

export async function deactivate(db: Db, holderId: string) {
  await db.update(shareholder).set({ active: false }).where(eq(shareholder.id, holderId));
}
