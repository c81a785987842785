import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/database';
import { organization, shareClass } from '../db/schema';

type OrganizationValues = typeof organization.$inferInsert;

/** A company with its two share classes, common (CS-) and Series A preferred (PS-). */
export async function createOrganization(
  db: Db | Tx,
  values: OrganizationValues,
): Promise<{ id: string; legalName: string }> {
  const [org] = await db
    .insert(organization)
    .values(values)
    .returning({ id: organization.id, legalName: organization.legalName });
  await db.insert(shareClass).values([
    { organizationId: org!.id, name: 'Common Stock', classType: 'common', prefix: 'CS-' },
    { organizationId: org!.id, name: 'Series A Preferred', classType: 'preferred', prefix: 'PS-' },
  ]);
  return org!;
}

/** The organization of this legal name (case and spacing aside), or none. */
export async function findOrganizationByName(
  db: Db,
  legalName: string,
): Promise<{ id: string; legalName: string } | undefined> {
  const [found] = await db
    .select({ id: organization.id, legalName: organization.legalName })
    .from(organization)
    .where(sql`lower(trim(${organization.legalName})) = lower(trim(${legalName}))`);
  return found;
}
