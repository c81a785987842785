import { sql } from 'drizzle-orm';
import {
  TOP_HOLDERS,
  type CapTableClass,
  type CapTableHolder,
  type CapTableResponse,
} from '../../../contract/cap-table';
import { formatAmount, percentOf, todayIn } from '../../../ledger';
import type { Db } from '../../db/database';
import { rows } from '../../db/sql';
import type { CompanyCaller } from '../../http/caller';
import { toHundredths } from '../../ledger-store/amounts';
import { asOfDate } from '../../ledger-store/as-of-date';
import { holdingsSql } from '../../ledger-store/holdings-sql';

interface ClassSql {
  id: string;
  name: string;
  class_type: 'common' | 'preferred';
  prefix: string;
  authorized: string | null;
  outstanding: string;
  holders: string;
  holders_of_record: string;
  /** The top holders as a JSON array (the same on every row), most shares first. */
  top: string;
}

interface HolderSql {
  id: string;
  name: string;
  common: string;
  preferred: string;
}

/**
 * Each class with its shares and holders on the date, the holders of record of all classes, and
 * the `limit` holders with the most shares (then by name): one statement, so that the holdings of
 * an earlier date are summed from the transactions once.
 */
const capTableSql = (holdings: ReturnType<typeof holdingsSql>, org: string, limit: number) =>
  sql`with x as materialized (${holdings}),
           per as (select cls.id, case cls.class_type when 'common' then x.common
                                                      else x.preferred end as shares
                     from share_class cls cross join x
                    where cls.organization_id = ${org}),
           top as (select h.id, h.name, x.common::text as common, x.preferred::text as preferred,
                          row_number() over (order by x.common + x.preferred desc,
                                                      h.name collate "und-x-icu", h.id) as rank
                     from x join shareholder h on h.id = x.holder_id
                    where x.common + x.preferred > 0
                    order by rank
                    limit ${limit})
      select cls.id, cls.name, cls.class_type, cls.prefix,
             cls.authorized_shares::text as authorized,
             (select coalesce(sum(per.shares), 0) from per where per.id = cls.id)::text
               as outstanding,
             (select count(*) from per where per.id = cls.id and per.shares > 0)::text as holders,
             (select count(*) from x where x.common + x.preferred > 0)::text as holders_of_record,
             (select coalesce(json_agg(json_build_object('id', top.id, 'name', top.name,
                                                         'common', top.common,
                                                         'preferred', top.preferred)
                                       order by top.rank), '[]'::json)::text
                from top) as top
        from share_class cls
       where cls.organization_id = ${org}
       order by cls.class_type`;

interface Shares {
  common: bigint;
  preferred: bigint;
}

/** Shares and their percent of all shares and of each class's. */
function holdingOf(held: Shares, whole: Shares) {
  const balance = held.common + held.preferred;
  return {
    common: formatAmount(held.common),
    preferred: formatAmount(held.preferred),
    balance: formatAmount(balance),
    ownershipPercent: percentOf(balance, whole.common + whole.preferred),
    commonPercent: percentOf(held.common, whole.common),
    preferredPercent: percentOf(held.preferred, whole.preferred),
  };
}

function classRow(r: ClassSql, all: bigint): CapTableClass {
  const outstanding = toHundredths(r.outstanding);
  const authorized = r.authorized === null ? null : toHundredths(r.authorized);
  return {
    id: r.id,
    name: r.name,
    classType: r.class_type,
    prefix: r.prefix,
    authorized: authorized === null ? null : formatAmount(authorized),
    // Cancelled shares are retired (decision 116): issued equals outstanding.
    issued: formatAmount(outstanding),
    outstanding: formatAmount(outstanding),
    percentOfAuthorized: authorized ? percentOf(outstanding, authorized) : null,
    holders: Number(r.holders),
    percentOfOutstanding: percentOf(outstanding, all),
  };
}

/**
 * GET /api/v1/cap-table?asOf=: the class summary, the holders with the most shares and every
 * other holder together, on the date (decision 121). Every holder who held shares then counts,
 * whatever their state now; the figures are the kept ones today and summed from the
 * transactions for an earlier date (ledger-store/holdings-sql.ts). Percentages are of the shares
 * outstanding on the date, so the named holders and the others add up to 100 within rounding.
 */
export async function getCapTable(
  db: Db,
  caller: CompanyCaller,
  query: { asOf?: string | undefined },
): Promise<CapTableResponse> {
  const asOf = asOfDate(query.asOf, caller.timeZone);
  const holdings = holdingsSql(caller.organizationId, asOf, asOf >= todayIn(caller.timeZone));
  const classes = await rows<ClassSql>(
    db,
    capTableSql(holdings, caller.organizationId, TOP_HOLDERS),
  );
  const top = JSON.parse(classes[0]?.top ?? '[]') as HolderSql[];
  const whole: Shares = { common: 0n, preferred: 0n };
  for (const c of classes) whole[c.class_type] += toHundredths(c.outstanding);
  const all = whole.common + whole.preferred;
  const named: Shares = { common: 0n, preferred: 0n };
  const topHolders: CapTableHolder[] = top.map((h) => {
    const held = { common: toHundredths(h.common), preferred: toHundredths(h.preferred) };
    named.common += held.common;
    named.preferred += held.preferred;
    return { id: h.id, name: h.name, ...holdingOf(held, whole) };
  });
  const holders = Number(classes[0]?.holders_of_record ?? 0);
  const others = {
    common: whole.common - named.common,
    preferred: whole.preferred - named.preferred,
  };
  return {
    asOf,
    totals: { holders, outstanding: formatAmount(all) },
    classes: classes.map((c) => classRow(c, all)),
    topHolders,
    others: { holders: holders - topHolders.length, ...holdingOf(others, whole) },
  };
}
