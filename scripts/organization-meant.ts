import { organization } from '../src/server/db/schema';
import type { Db } from '../src/server/db/database';
import {
  createOrganization,
  findOrganizationByName,
} from '../src/server/ledger-store/create-organization';

/**
 * The company a command is for: the one `--org` names (created with its share classes when it
 * does not exist yet and `mayCreate`), or the deployment's only one.
 */
export async function organizationMeant(db: Db, name: string | undefined, mayCreate: boolean) {
  if (name !== undefined) {
    const found = await findOrganizationByName(db, name);
    if (found) return found;
    if (!mayCreate) throw new Error(`No company is named ${name}.`);
    const created = await createOrganization(db, { legalName: name.trim() });
    console.log(`Organization created: ${created.legalName}`);
    return created;
  }
  const orgs = await db
    .select({ id: organization.id, legalName: organization.legalName })
    .from(organization);
  if (orgs.length === 1) return orgs[0]!;
  if (orgs.length === 0)
    throw new Error('No organization exists yet: give its legal name with --org "Name, Inc."');
  throw new Error('More than one organization exists: name it with --org "Name, Inc."');
}
