import { sql } from 'drizzle-orm';
import type { OcfReportItem } from '../../../contract/ocf-import';
import type { Tx } from '../../db/database';
import { authUser } from '../../db/schema';
import { rows } from '../../db/sql';
import type { PlannedClass, PlannedHolder } from './map-ocf-directory';

// The directory half of an import, inside its transaction: holders (an e-mail already used here,
// or someone's sign-in at another company, is left off with a warning: it would let that person
// in), the classes' names and prefixes, later their authorized shares, and the legend.

async function emailsTaken(tx: Tx, organizationId: string, emails: string[]) {
  if (emails.length === 0) return new Set<string>();
  const list = sql.join(
    emails.map((e) => sql`${e}`),
    sql`, `,
  );
  const found = await rows<{ email: string }>(
    tx,
    sql`select lower(email) as email from shareholder
         where organization_id = ${organizationId} and lower(email) in (${list})
        union
        select distinct lower(u.email) from ${authUser} u
          join shareholder h on lower(h.email) = lower(u.email)
         where h.organization_id <> ${organizationId} and lower(u.email) in (${list})`,
  );
  return new Set(found.map((f) => f.email));
}

/** The holders, active; answers each OCF stakeholder id's holder id. */
export async function insertHolders(
  tx: Tx,
  organizationId: string,
  holders: readonly PlannedHolder[],
  warnings: OcfReportItem[],
): Promise<Map<string, string>> {
  const taken = await emailsTaken(
    tx,
    organizationId,
    holders.map((h) => h.email?.toLowerCase() ?? '').filter(Boolean),
  );
  const ids = new Map<string, string>();
  for (const h of holders) {
    let email = h.email;
    if (email && taken.has(email.toLowerCase())) {
      warnings.push({
        id: h.ocfId,
        objectType: 'STAKEHOLDER',
        file: '',
        reason: `the e-mail ${email} is another holder’s or someone’s sign-in; imported without it`,
      });
      email = null;
    }
    if (email) taken.add(email.toLowerCase());
    const [row] = await rows<{ id: string }>(
      tx,
      sql`insert into shareholder (organization_id, name, full_name, email, holder_type, address,
                                   city, state, zip_code, country, phone_number, cellphone_number,
                                   notes, active)
          values (${organizationId}, ${h.name}, ${h.name}, ${email}, ${h.holderType}, ${h.address},
                  ${h.city}, ${h.state}, ${h.zip}, ${h.country}, ${h.phone}, ${h.cellphone},
                  ${h.notes}, true)
          returning id`,
    );
    ids.set(h.ocfId, row!.id);
  }
  return ids;
}

/** Our class of each type takes the OCF class's name and prefix. */
export async function nameClasses(
  tx: Tx,
  organizationId: string,
  classes: readonly PlannedClass[],
) {
  for (const c of classes)
    await tx.execute(
      sql`update share_class set name = ${c.name}, prefix = ${c.prefix}
           where organization_id = ${organizationId} and class_type = ${c.classType}`,
    );
}

/**
 * After the history: each class's authorized shares, unless fewer than it has outstanding (then
 * a warning; the ledger refuses a limit below the outstanding shares).
 */
export async function authorizeClasses(
  tx: Tx,
  organizationId: string,
  classes: readonly PlannedClass[],
  warnings: OcfReportItem[],
) {
  for (const c of classes) {
    if (c.authorized === null) continue;
    const [set] = await rows<{ id: string }>(
      tx,
      sql`update share_class cls set authorized_shares = ${c.authorized}::numeric
           where organization_id = ${organizationId} and class_type = ${c.classType}
             and ${c.authorized}::numeric >= (
               select coalesce(sum(h.${sql.raw(c.classType === 'common' ? 'common_shares' : 'preferred_shares')}), 0)
                 from shareholder h where h.organization_id = ${organizationId})
          returning cls.id`,
    );
    if (!set)
      warnings.push({
        id: c.ocfId,
        objectType: 'STOCK_CLASS',
        file: '',
        reason: `initial_shares_authorized ${c.authorized} is below the shares outstanding; left unset`,
      });
  }
}

export async function setLegend(tx: Tx, organizationId: string, text: string) {
  await tx.execute(
    sql`update organization set certificate_legend = ${text} where id = ${organizationId}`,
  );
}
