import { randomUUID } from 'node:crypto';
import { hashPassword } from '../auth/auth';
import type { Tx } from '../db/database';
import { authAccount, authUser, shareholder } from '../db/schema';

/** A demo login, as the start-up banner prints it. */
export interface DemoLogin {
  role: 'administrator' | 'shareholder' | 'read-only';
  email: string;
  password: string;
}

/** The demo holders with logins (printed by npm start and listed in the README). */
export const DEMO_HOLDERS: Array<
  DemoLogin & { name: string; city: string; state: string; zipCode: string }
> = [
  {
    role: 'administrator',
    email: 'admin@acme.test',
    password: 'demo-admin-2026',
    name: 'Avery Admin',
    city: 'Wilmington',
    state: 'DE',
    zipCode: '19801',
  },
  {
    role: 'shareholder',
    email: 'holder@acme.test',
    password: 'demo-holder-2026',
    name: 'Harper Holder',
    city: 'Princeton',
    state: 'NJ',
    zipCode: '08540',
  },
  {
    role: 'shareholder',
    email: 'lukasz@acme.test',
    password: 'demo-lukasz-2026',
    name: 'Łukasz Żółć',
    city: 'Chicago',
    state: 'IL',
    zipCode: '60601',
  },
  // The company's auditor: sees the whole registry, changes nothing (decision 124).
  {
    role: 'read-only',
    email: 'auditor@acme.test',
    password: 'demo-auditor-2026',
    name: 'Rowan Auditor',
    city: 'Philadelphia',
    state: 'PA',
    zipCode: '19103',
  },
];

/**
 * The demo holders that have logins: their shareholder records and better-auth users (e-mail
 * verified) with argon2id credential accounts, in the demo transaction.
 */
export async function seedDemoHolders(
  tx: Tx,
  organizationId: string,
): Promise<{ logins: DemoLogin[] }> {
  for (const h of DEMO_HOLDERS) {
    await tx.insert(shareholder).values({
      organizationId,
      name: h.name,
      fullName: h.name,
      email: h.email,
      isAdmin: h.role === 'administrator',
      readOnly: h.role === 'read-only',
      city: h.city,
      state: h.state,
      zipCode: h.zipCode,
    });
    const userId = randomUUID();
    await tx
      .insert(authUser)
      .values({ id: userId, name: h.name, email: h.email, emailVerified: true, organizationId });
    await tx.insert(authAccount).values({
      id: randomUUID(),
      userId,
      providerId: 'credential',
      accountId: userId,
      password: await hashPassword(h.password),
    });
  }
  return { logins: DEMO_HOLDERS.map(({ role, email, password }) => ({ role, email, password })) };
}
