import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DirectoryResponse, directoryQuery } from '../../../contract/ledger';
import type { Db } from '../../db/database';
import { amountText, toHundredths } from '../../ledger-store/amounts';
import { percentOf, todayIn } from '../../../ledger';
import { pageOrLast } from '../../db/page-or-last';
import { rows } from '../../db/sql';
import { asOfDate } from '../../ledger-store/as-of-date';
import { heldOnSql } from '../../ledger-store/holdings-sql';
import { portalSql, type Portal } from './get-profile';

export interface ListDirectoryOptions {
  organizationId: string;
  /** The organization's time zone: "today" is its date. */
  timeZone: string;
  query: z.output<typeof directoryQuery>;
}

interface RowSql {
  id: string;
  name: string;
  full_name: string;
  common: string;
  preferred: string;
  balance: string;
  cost_per_share: string;
  portal: Portal;
}

export interface TotalsSql {
  /** Holders of record: listed with shares on the date. */
  shareholders: string;
  /** Every listed holder, with shares or without. */
  listed: string;
  total_shares: string | null;
  common: string | null;
  preferred: string | null;
}

const SORT_COLUMNS: Record<z.output<typeof directoryQuery>['sort'], SQL> = {
  // The language's order, served by shareholder_org_name_language_idx (migration 0018).
  name: sql`f.name collate "und-x-icu"`,
  common: sql`f.common`,
  preferred: sql`f.preferred`,
  balance: sql`f.balance`,
  costPerShare: sql`f.cost_per_share`,
};

/** Who the directory lists: administrators only with shares (decision 093). */
const LISTED = sql`(not f.is_admin or f.balance > 0)`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Figures per holder in the registry on `asOf`: the kept ones for today, or derived
 * from the transactions dated on or before an earlier `asOf`. A holder was in the registry on a
 * date when added by its end (in the company's time zone) or with a transaction dated by then.
 */
function figures(organizationId: string, asOf: string, current: boolean, timeZone: string): SQL {
  if (current) {
    return sql`select h.id, h.name, h.full_name, h.email, h.invited_at, h.is_admin,
                      h.common_shares as common,
                      h.preferred_shares as preferred, h.balance, h.cost_per_share
                 from shareholder h
                where h.organization_id = ${organizationId} and h.active and h.name <> ''`;
  }
  return sql`with held as (${heldOnSql(organizationId, asOf)})
             select h.id, h.name, h.full_name, h.email, h.invited_at, h.is_admin,
                    coalesce(held.common, 0) as common, coalesce(held.preferred, 0) as preferred,
                    coalesce(held.common, 0) + coalesce(held.preferred, 0) as balance,
                    case when coalesce(held.held, 0) = 0 then 0
                         else round(held.held_cost / held.held, 2) end as cost_per_share
               from shareholder h left join held on held.holder_id = h.id
              where h.organization_id = ${organizationId} and h.active and h.name <> ''
                and (held.holder_id is not null
                     or h.created_at < (${asOf}::date + 1)::timestamp at time zone ${timeZone})`;
}

interface DirectorySql {
  /** Whether the rows are narrowed by a name search (their count is then the matches'). */
  searching: boolean;
  totals: SQL;
  /** One page of the listed (and matching) rows, sorted; a search's rows carry its count. */
  page(page: number): SQL;
  /** How many listed rows match the search. */
  matching: SQL;
}

/**
 * The directory's totals on `asOf` over every listed holder: kept on the organization row for
 * today (migrations 0003, 0017), counted from the rows for an earlier date. The statement's
 * ownership percentages divide by them too.
 */
export function totalsSql(
  organizationId: string,
  asOf: string,
  current: boolean,
  timeZone: string,
) {
  if (current)
    return sql`select holders_of_record::text as shareholders, listed_holders::text as listed,
                      (listed_common_shares + listed_preferred_shares)::text as total_shares,
                      listed_common_shares::text as common,
                      listed_preferred_shares::text as preferred
                 from organization where id = ${organizationId}`;
  return sql`select count(*) filter (where f.balance > 0)::text as shareholders,
                    count(*)::text as listed, sum(f.balance)::text as total_shares,
                    sum(f.common)::text as common, sum(f.preferred)::text as preferred
               from (${figures(organizationId, asOf, current, timeZone)}) f
              where ${LISTED}`;
}

/** The directory's statements for one request (the bench's bare handler sends them too). */
export function directorySql(
  opts: ListDirectoryOptions,
  asOf: string,
  current: boolean,
): DirectorySql {
  const { query, organizationId } = opts;
  const base = figures(organizationId, asOf, current, opts.timeZone);
  const search = query.search ? `%${escapeLike(query.search)}%` : null;
  // Case and accents folded on both sides (migration 0008), through the name's trigram index.
  const matches = search ? sql`registry_fold(f.name) like registry_fold(${search})` : sql`true`;
  const dir = query.dir === 'desc' ? sql`desc` : sql`asc`;
  // One rule on every date (decision 093): every holder in the registry then is listed, an
  // administrator only with shares; Total Shareholders counts the listed holders with shares.
  const listed = LISTED;
  return {
    searching: search !== null,
    totals: totalsSql(organizationId, asOf, current, opts.timeZone),
    // A search counts its matches in the same scan as the page (a window over the matching rows).
    page: (page) =>
      sql`select f.id, f.name, f.full_name, f.common::text as common,
               f.preferred::text as preferred, f.balance::text as balance,
               f.cost_per_share::text as cost_per_share,
               ${portalSql(sql`f.email`, sql`f.invited_at`, organizationId)} as portal
               ${search ? sql`, count(*) over ()::text as matching` : sql``}
          from (${base}) f
         where ${listed} and ${matches}
         order by ${SORT_COLUMNS[query.sort]} ${dir}, f.id ${dir}
         limit ${query.pageSize} offset ${(page - 1) * query.pageSize}`,
    matching: sql`select count(*)::text as matching from (${base}) f where ${listed} and ${matches}`,
  };
}

type PageRowSql = RowSql & { matching?: string };

/** Listed holders, or those matching the search: its count rides on the page's rows. */
function totalOf(db: Db, q: DirectorySql, page: { found: PageRowSql[]; listed: number }) {
  if (!q.searching) return page.listed;
  const [first] = page.found;
  if (first) return Number(first.matching);
  return async () => Number((await rows<{ matching: string }>(db, q.matching))[0]?.matching ?? 0);
}

/**
 * The administrator's directory (spec §2, §6): active holders with a name; administrators only
 * when their balance is above 0. Sorted, searched by name and paged in SQL; totals cover every
 * listed holder, not only the page or the search. A page past the end answers the last page.
 */
export async function listDirectory(
  db: Db,
  opts: ListDirectoryOptions,
): Promise<DirectoryResponse> {
  const { query } = opts;
  const today = todayIn(opts.timeZone);
  const asOf = asOfDate(query.asOf, opts.timeZone);
  const q = directorySql(opts, asOf, asOf >= today);
  const [[totals], found] = await Promise.all([
    rows<TotalsSql>(db, q.totals),
    rows<PageRowSql>(db, q.page(query.page)),
  ]);
  const shareholders = Number(totals?.shareholders ?? 0);
  const listed = Number(totals?.listed ?? 0);
  const shown = await pageOrLast(
    { ...query, rows: found, total: totalOf(db, q, { found, listed }) },
    (page) => rows<PageRowSql>(db, q.page(page)),
  );
  return {
    asOf,
    totals: {
      shareholders,
      withoutShares: listed - shareholders,
      totalShares: amountText(totals?.total_shares ?? '0'),
      common: amountText(totals?.common ?? '0'),
      preferred: amountText(totals?.preferred ?? '0'),
    },
    page: shown.page,
    pageSize: query.pageSize,
    total: shown.total,
    rows: shown.rows.map((r) => ({
      id: r.id,
      name: r.name,
      fullName: r.full_name,
      common: amountText(r.common),
      preferred: amountText(r.preferred),
      balance: amountText(r.balance),
      costPerShare: amountText(r.cost_per_share),
      portal: r.portal,
      ...ownership(
        {
          common: toHundredths(r.common),
          preferred: toHundredths(r.preferred),
          balance: toHundredths(r.balance),
        },
        totals,
      ),
    })),
  };
}

/** A holder's percent of the listed holders' shares on the date (hundredths): in all and per class. */
export function ownership(
  held: { common: bigint; preferred: bigint; balance: bigint },
  totals: Pick<TotalsSql, 'total_shares' | 'common' | 'preferred'> | undefined,
) {
  const whole = (text: string | null | undefined) => toHundredths(text ?? '0');
  return {
    ownershipPercent: percentOf(held.balance, whole(totals?.total_shares)),
    commonPercent: percentOf(held.common, whole(totals?.common)),
    preferredPercent: percentOf(held.preferred, whole(totals?.preferred)),
  };
}
