import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { rows } from '../../db/sql';

export interface HolderHoldingSql {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  common: string;
  preferred: string;
}

/**
 * The holder's shares of each class on `asOf`: the kept figures today (the directory's rule,
 * decision 023), else the sum of their transactions dated by then (one range of
 * share_transaction_holder_idx per holder, as ledger-store/holdings-sql's past figures are).
 */
const sharesOf = (asOf: string, current: boolean): SQL =>
  current
    ? sql`select h.common_shares as common, h.preferred_shares as preferred`
    : sql`select coalesce(sum(t.shares) filter (where not t.preferred), 0) as common,
                 coalesce(sum(t.shares) filter (where t.preferred), 0) as preferred
            from share_transaction t
           where t.holder_id = h.id and t.date <= ${asOf}`;

/** After the holder `after` in the directory's order (names in the language's order, then id). */
const afterHolder = (after: { name: string; id: string } | null): SQL =>
  after === null
    ? sql`true`
    : sql`(s.name collate "und-x-icu", s.id) > (${after.name}::text collate "und-x-icu",
                                                 ${after.id}::uuid)`;

/**
 * Every holder of the organization (of any state: whoever held shares on the date is in the
 * answer) with their shares of each class on `asOf`, `size` at a time in the directory's order,
 * keyset paged on shareholder_org_name_language_idx: each batch is one short statement, and the
 * next is read only when asked for. Holders without shares are in the batches too (the callers
 * choose); a batch is empty only at the end.
 */
export async function* holderBatches(
  db: Db,
  opts: { organizationId: string; asOf: string; current: boolean; size: number },
): AsyncGenerator<HolderHoldingSql[]> {
  let after: { name: string; id: string } | null = null;
  for (;;) {
    const batch: HolderHoldingSql[] = await rows<HolderHoldingSql>(
      db,
      sql`select h.id, h.name, h.address, h.city, h.state, h.zip_code, h.country,
                 x.common::text as common, x.preferred::text as preferred
            from (select s.* from shareholder s
                   where s.organization_id = ${opts.organizationId} and ${afterHolder(after)}
                   order by s.name collate "und-x-icu", s.id
                   limit ${opts.size}) h
            cross join lateral (${sharesOf(opts.asOf, opts.current)}) x
           order by h.name collate "und-x-icu", h.id`,
    );
    const last = batch.at(-1);
    if (last === undefined) return;
    yield batch;
    if (batch.length < opts.size) return;
    after = { name: last.name, id: last.id };
  }
}
