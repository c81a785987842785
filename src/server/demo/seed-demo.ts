import { count, inArray } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { authUser, organization } from '../db/schema';
import { createOrganization } from '../ledger-store/create-organization';
import { DEMO_HOLDERS, seedDemoHolders } from './seed-demo-holders';
import { seedDemoLedger } from './seed-demo-ledger';

export interface DemoLogin {
  role: 'administrator' | 'shareholder';
  email: string;
  password: string;
}

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

/** The demo logins printed by npm start and listed in the README: those whose user exists. */
export async function demoLogins(database: Database): Promise<DemoLogin[]> {
  const emails = DEMO_HOLDERS.map((h) => h.email);
  const users = await database.db
    .select({ email: authUser.email })
    .from(authUser)
    .where(inArray(authUser.email, emails));
  const present = new Set(users.map((u) => u.email));
  return DEMO_HOLDERS.filter((h) => present.has(h.email)).map(({ role, email, password }) => ({
    role,
    email,
    password,
  }));
}
