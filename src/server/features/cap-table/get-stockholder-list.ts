import { sql } from 'drizzle-orm';
import type { StockholderListResponse } from '../../../contract/cap-table';
import { formatAmount, todayIn } from '../../../ledger';
import type { Db } from '../../db/database';
import { rows } from '../../db/sql';
import type { CompanyCaller } from '../../http/caller';
import { amountText, toHundredths } from '../../ledger-store/amounts';
import { asOfDate } from '../../ledger-store/as-of-date';
import { holdingsSql } from '../../ledger-store/holdings-sql';

interface EntrySql {
  id: string;
  name: string;
  full_name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  common: string;
  preferred: string;
}

interface ClassSql {
  id: string;
  name: string;
  class_type: 'common' | 'preferred';
}

/**
 * The holders of record on the date (shares of a class above 0), with their address, in the
 * language's order of their names (the directory's order, migration 0018), then by id.
 */
const holdersOfRecordSql = (organizationId: string, asOf: string, current: boolean) =>
  sql`select h.id, h.name, h.full_name, h.address, h.city, h.state, h.zip_code, h.country,
             x.common::text as common, x.preferred::text as preferred
        from (${holdingsSql(organizationId, asOf, current)}) x
        join shareholder h on h.id = x.holder_id
       where x.common > 0 or x.preferred > 0
       order by h.name collate "und-x-icu", h.id`;

const classesSql = (organizationId: string) =>
  sql`select id, name, class_type from share_class
       where organization_id = ${organizationId} order by class_type`;

const companySql = (organizationId: string) =>
  sql`select legal_name from organization where id = ${organizationId}`;

/**
 * GET /api/v1/stockholder-list?asOf=: the list DGCL §219 asks for before a meeting (decision
 * 121): every holder of record on the date, by class (common, then preferred), alphabetically
 * within a class, with their address and their shares of the class. A holder who held shares on
 * the date is listed whatever their state now (deactivated since, or an administrator).
 */
export async function getStockholderList(
  db: Db,
  caller: CompanyCaller,
  query: { asOf?: string | undefined },
): Promise<StockholderListResponse> {
  const org = caller.organizationId;
  const asOf = asOfDate(query.asOf, caller.timeZone);
  const current = asOf >= todayIn(caller.timeZone);
  const [entries, classes, [company]] = await Promise.all([
    rows<EntrySql>(db, holdersOfRecordSql(org, asOf, current)),
    rows<ClassSql>(db, classesSql(org)),
    rows<{ legal_name: string }>(db, companySql(org)),
  ]);
  return {
    asOf,
    company: company?.legal_name ?? '',
    classes: classes.map((cls) => {
      const holders = entries
        .filter((e) => toHundredths(e[cls.class_type]) > 0n)
        .map((e) => ({
          id: e.id,
          name: e.name,
          fullName: e.full_name,
          address: e.address,
          city: e.city,
          state: e.state,
          postalCode: e.zip_code,
          country: e.country,
          shares: amountText(e[cls.class_type]),
        }));
      const total = holders.reduce((sum, h) => sum + toHundredths(h.shares), 0n);
      return {
        id: cls.id,
        name: cls.name,
        classType: cls.class_type,
        totalShares: formatAmount(total),
        holders,
      };
    }),
  };
}
