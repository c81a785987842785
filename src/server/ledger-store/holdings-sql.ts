import { sql, type SQL } from 'drizzle-orm';

/**
 * Each holder's shares on `asOf`, summed from the transactions dated on or before it (decision
 * 023): per holder that ever held a certificate of the company, `common` and `preferred` (the
 * net shares of each class), `held` (the shares of certificates still holding some) and
 * `held_cost` (those shares times their certificate's cost per share). The directory, the cap
 * table and the stockholder list read a past date through it.
 */
export const heldOnSql = (organizationId: string, asOf: string): SQL =>
  sql`select holder_id,
             coalesce(sum(balance) filter (where class_type = 'common'), 0) as common,
             coalesce(sum(balance) filter (where class_type = 'preferred'), 0) as preferred,
             coalesce(sum(balance * cost) filter (where balance > 0), 0) as held_cost,
             coalesce(sum(balance) filter (where balance > 0), 0) as held
        from (select c.holder_id, cls.class_type, c.cost, sum(t.shares) as balance
                from certificate c
                join share_class cls on cls.id = c.class_id
                join share_transaction t on t.certificate_id = c.id
               where c.organization_id = ${organizationId} and t.date <= ${asOf}
               group by c.id, cls.class_type) cert
       group by holder_id`;

/**
 * `holder_id`, `common` and `preferred` of every holder of the company on `asOf`: the kept
 * figures of the holder rows when `current` (today: the directory's rule, decision 023), else
 * summed from the transactions (heldOnSql). Holders of every state, active or not: whoever held
 * shares on the date holds them in this answer.
 */
export const holdingsSql = (organizationId: string, asOf: string, current: boolean): SQL =>
  current
    ? sql`select h.id as holder_id, h.common_shares as common, h.preferred_shares as preferred
            from shareholder h where h.organization_id = ${organizationId}`
    : sql`select held.holder_id, held.common, held.preferred
            from (${heldOnSql(organizationId, asOf)}) held`;
