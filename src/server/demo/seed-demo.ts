import { and, count, eq, inArray } from 'drizzle-orm';
import { verifyPassword } from '../auth/auth';
import { matchHolder } from '../auth/holder-match';
import type { Config } from '../config';
import type { Database } from '../db/open-database';
import { authAccount, authUser, organization } from '../db/schema';
import { createOrganization } from '../ledger-store/create-organization';
import { DEMO_HOLDERS, seedDemoHolders, type DemoLogin } from './seed-demo-holders';
import { seedDemoLedger } from './seed-demo-ledger';

/** Demo data goes only into an empty database: embedded by default, PostgreSQL only on request. */
export async function shouldSeedDemo(config: Config, database: Database): Promise<boolean> {
  const wanted = config.demoData ?? database.kind === 'pglite';
  if (!wanted) return false;
  const [row] = await database.db.select({ n: count() }).from(organization);
  return (row?.n ?? 0) === 0;
}

/** The demo company "Acme Holdings, Inc." (holders, logins and ledger are added by their features). */
export async function seedDemoData(
  database: Database,
): Promise<{ organizationId: string; holders: number }> {
  return database.ledgerTransaction(async (lt) => {
    const { tx } = lt;
    const org = await createOrganization(tx, {
      legalName: 'Acme Holdings, Inc.',
      address: '1209 Orange Street',
      city: 'Wilmington',
      state: 'DE',
      zipCode: '19801',
      country: 'US',
    });
    const people = await seedDemoHolders(tx, org.id);
    const ledger = await seedDemoLedger(lt, org.id);
    return { organizationId: org.id, holders: people.logins.length + ledger.holders };
  });
}

/**
 * The demo logins printed by npm start and listed in the README: only those that still sign in
 * with their demo password (a holder who chose their own password, or whose holder record was
 * made inactive, is left out, so the banner never shows a password that does not work).
 */
export async function demoLogins(database: Database): Promise<DemoLogin[]> {
  const credentials = await database.db
    .select({ email: authUser.email, hash: authAccount.password })
    .from(authUser)
    .innerJoin(
      authAccount,
      and(eq(authAccount.userId, authUser.id), eq(authAccount.providerId, 'credential')),
    )
    .where(
      inArray(
        authUser.email,
        DEMO_HOLDERS.map((h) => h.email),
      ),
    );
  const working = await Promise.all(
    DEMO_HOLDERS.map(async ({ email, password }): Promise<DemoLogin | undefined> => {
      const hash = credentials.find((c) => c.email === email)?.hash;
      if (!hash || !(await verifyPassword({ hash, password }))) return undefined;
      const { role } = await matchHolder(database.db, email);
      return role === 'administrator' || role === 'shareholder' || role === 'read-only'
        ? { role, email, password }
        : undefined;
    }),
  );
  return working.filter((login) => login !== undefined);
}
