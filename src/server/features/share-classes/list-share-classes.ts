import { sql } from 'drizzle-orm';
import type { ShareClassRow } from '../../../contract/share-classes';
import { formatAmount, percentOf } from '../../../ledger';
import type { Db, Tx } from '../../db/database';
import { rows } from '../../db/sql';
import { toHundredths } from '../../ledger-store/amounts';

export interface ShareClassSqlRow {
  id: string;
  name: string;
  class_type: 'common' | 'preferred';
  prefix: string;
  authorized: string | null;
  outstanding: string;
}

/** The company's classes with their shares held now (the holders' kept figures), by type. */
export const shareClassesSql = (
  organizationId: string,
  opts: { id?: string; lock?: boolean } = {},
) =>
  sql`select cls.id, cls.name, cls.class_type, cls.prefix, cls.authorized_shares::text as authorized,
             (select coalesce(sum(case cls.class_type when 'common' then h.common_shares
                                                      else h.preferred_shares end), 0)
                from shareholder h where h.organization_id = cls.organization_id)::text
               as outstanding
        from share_class cls
       where cls.organization_id = ${organizationId}
         ${opts.id ? sql`and cls.id = ${opts.id}` : sql``}
       order by cls.class_type
       ${opts.lock ? sql`for update of cls` : sql``}`;

/** outstanding / authorized as a percentage (4 decimals), or null without a limit. */
export const percentOfAuthorized = (outstanding: bigint, authorized: bigint | null) =>
  authorized === null || authorized === 0n ? null : percentOf(outstanding, authorized);

export function toShareClassRow(r: ShareClassSqlRow): ShareClassRow {
  const authorized = r.authorized === null ? null : toHundredths(r.authorized);
  const outstanding = toHundredths(r.outstanding);
  return {
    id: r.id,
    name: r.name,
    classType: r.class_type,
    prefix: r.prefix,
    authorized: authorized === null ? null : formatAmount(authorized),
    issued: formatAmount(outstanding),
    outstanding: formatAmount(outstanding),
    percentOfAuthorized: percentOfAuthorized(outstanding, authorized),
  };
}

/** GET /api/v1/share-classes: every class of the company, common first. */
export async function listShareClasses(
  db: Db | Tx,
  organizationId: string,
): Promise<ShareClassRow[]> {
  return (await rows<ShareClassSqlRow>(db, shareClassesSql(organizationId))).map(toShareClassRow);
}
