// The SQL the bare handler sends besides the directory's (imported from list-directory.ts): copied text of the app's queries, rendered the way drizzle
// renders them ($n placeholders, arrays as "($1, $2)"). bench.ts compares what both servers send
// for one request of each kind (sql-capture.ts) and prints any difference, so a change on the
// app's side shows up as "SQL differs" instead of silently measuring something else.
//
// Sources: src/server/features/shareholders/list-directory.ts (figures for today, totals, page),
// src/server/ledger-store/visible-holder.ts, src/server/features/shareholders/get-statement.ts,
// src/server/ledger-store/idempotency.ts, src/server/ledger-store/post-operation.ts.

/** visible-holder.ts findVisibleHolder without `for update`: $1 holder, $2 organization. */
export const VISIBLE_HOLDER = `select id, organization_id, name, full_name, email, state, city, address, zip_code,
               phone_number, cellphone_number, notes, is_admin, active
          from shareholder
         where id = $1 and organization_id = $2
         `;

/** get-statement.ts: the company header. */
export const STATEMENT_COMPANY = `select legal_name, address, city, state, zip_code, country
          from organization where id = $1`;

/** get-statement.ts: the history, $1 holder, $2 as-of date. */
export const STATEMENT_HISTORY = `select t.id, t.certificate_id, t.certificate_number as number,
               t.certificate_prefix as prefix,
               case when t.preferred then 'preferred' else 'common' end as class_type,
               t.certificate_cost::text as certificate_cost, t.type, t.preferred, t.origin_number,
               t.origin_prefix, t.cost::text as cost, t.shares::text as shares,
               t.date::text as date, t.notes, t.reason,
               t.transaction_order::text as transaction_order,
               sum(t.shares) over (partition by t.holder_id
                                   order by t.date, t.transaction_order)::text as running_balance,
               (select name from shareholder where id = t.counterparty_holder_id) as counterparty
          from share_transaction t
         where t.holder_id = $1 and t.date <= $2
         order by t.date, t.transaction_order`;

/** idempotency.ts claimIdempotencyKey, the first statement. */
export const CLAIM_KEY = `insert into idempotency_key (scope, key, request_hash, state, locked_until)
        values ($1, $2, $3, 'in_flight',
                now() + make_interval(secs => $4))
        on conflict (scope, key) do nothing
        returning key`;

/** idempotency.ts completeIdempotencyKey. */
export const COMPLETE_KEY = `update idempotency_key
           set state = 'done', response_status = $1,
               response_body = $2, locked_until = null
         where scope = $3 and key = $4`;

/** idempotency.ts releaseIdempotencyKey. */
export const RELEASE_KEY = `delete from idempotency_key
         where scope = $1 and key = $2 and state = 'in_flight'`;

/** "($1, $2, …)" from `first`, as drizzle renders an array parameter. */
const list = (first: number, count: number) =>
  `(${Array.from({ length: count }, (_, i) => `$${first + i}`).join(', ')})`;

/** post-operation.ts: lock the origin certificates, ascending id. Params: ids…, organization. */
export const lockOrigins = (
  count: number,
) => `select c.id, c.holder_id, cls.class_type, c.balance::text as balance,
                     c.effective_date::text as effective_date, c.cost::text as cost, c.number,
                     cls.prefix
                from certificate c join share_class cls on cls.id = c.class_id
               where c.id in ${list(1, count)} and c.organization_id = $${count + 1}
               order by c.id
                 for update of c`;

/**
 * post-operation.ts: lock the parties named and the origins' holders, ascending id. Params:
 * organization, party ids…, origin ids…, organization.
 */
export const lockHolders = (
  parties: number,
  origins: number,
) => `select id, name, active, common_shares::text as common_shares,
                 preferred_shares::text as preferred_shares, held_cost::text as held_cost
            from shareholder
           where organization_id = $1
             and id in (select id from shareholder where id in ${list(2, parties)} union select holder_id from certificate
                            where id in ${list(2 + parties, origins)} and organization_id = $${2 + parties + origins})
           order by id
             for update`;

/**
 * operation-write.ts's one statement for a transfer with `legs` origins used: the operation, the
 * certificate and holder updates, the audit entry, the new certificates (numbered by the
 * statement), the transactions and the stored answer. Params in order: operation (7),
 * certificate updates (2 each), holder updates (4 each), audit (10), the count of new
 * certificates, organization, the count again, organization, new certificates (8 each),
 * organization, transactions (17 for what was transferred, 19 for what was issued), answer
 * (status, the template's parts, hole kinds and hole indexes, scope, key).
 */
export const transferWrites = (legs: number, holders: number) => {
  let n = 0;
  const p = () => `$${++n}`;
  const repeat = (count: number, row: () => string) =>
    Array.from({ length: count }, row).join(', ');
  return `with operation as (
          insert into ledger_operation
            (id, organization_id, type, recorded_by, request_id, idempotency_key, reason)
          values (${p()}, ${p()}, ${p()}, ${p()},
                  ${p()}, ${p()}, ${p()})), certificates as (
            update certificate set balance = certificate.balance + v.delta
              from (values ${repeat(legs, () => `(${p()}::uuid, ${p()}::numeric)`)}) as v(id, delta)
             where certificate.id = v.id), holders as (
          update shareholder
             set common_shares = shareholder.common_shares + v.common,
                 preferred_shares = shareholder.preferred_shares + v.preferred,
                 balance = shareholder.balance + v.common + v.preferred,
                 held_cost = shareholder.held_cost + v.held_cost
            from (values ${repeat(
              holders,
              () => `(${p()}::uuid, ${p()}::numeric, ${p()}::numeric, ${p()}::numeric)`,
            )}) as v(id, common, preferred, held_cost)
           where shareholder.id = v.id), audit as (
          insert into audit_entry
            (organization_id, actor_user_id, actor_holder_id, action, entity_type, entity_id,
             operation_id, request_id, reason, before, after)
          values (${p()}, ${p()}, ${p()},
                  ${p()}, 'ledger_operation', ${p()}, ${p()},
                  ${p()}, ${p()},
                  ${p()}::jsonb,
                  ${p()}::jsonb)), numbers as (
                  update organization
                     set next_certificate_number =
                           next_certificate_number + ${p()}
                   where id = ${p()}
               returning next_certificate_number - ${p()} as first), new_certificates as (
            insert into certificate
              (id, organization_id, number, holder_id, class_id, effective_date,
               origin_certificate_id, balance, cost)
            select v.id, ${p()},
                   (select first from numbers) + v.ord,
                   v.holder_id, cls.id, v.effective_date, v.origin, v.balance, v.cost
              from (values ${repeat(
                legs,
                () =>
                  `(${p()}::uuid, ${p()}::int, ${p()}::uuid, ${p()}::text, ${p()}::date, ${p()}::uuid, ${p()}::numeric, ${p()}::numeric)`,
              )}) as v(id, ord, holder_id, class_type, effective_date, origin, balance, cost)
              join share_class cls
                on cls.organization_id = ${p()} and cls.class_type = v.class_type
             order by v.ord
         returning id, number, class_id), numbered as (
      select n.number - (select first from numbers) as ord, n.number, cls.prefix,
             cls.prefix || n.number as label
        from new_certificates n join share_class cls on cls.id = n.class_id), transactions as (
          insert into share_transaction
            (id, operation_id, certificate_id, preferred, origin_certificate_id,
             counterparty_holder_id, shares, type, date, notes, cost, reason, recorded_by,
             holder_id, certificate_number, certificate_prefix, certificate_cost, origin_number,
             origin_prefix)
          values ${repeat(legs, () => {
            const common = () =>
              `${p()}, ${p()}, ${p()}, ${p()}, ${p()}, ${p()}::uuid, ${p()}, ${p()}, ${p()}, ${p()}, ${p()}, ${p()}, ${p()}`;
            // What was transferred, on the locked origin; then what was issued, on the new one.
            const transferred = `(${common()}, ${p()}::uuid, ${p()}::int, ${p()}, ${p()}::numeric, null::int, null::text)`;
            const issued = `(${common()}, ${p()}::uuid, (select number from numbered where ord = ${p()}::int),
              (select prefix from numbered where ord = ${p()}::int), ${p()}::numeric, ${p()}::int, ${p()})`;
            return `${transferred}, ${issued}`;
          })}), answer as (
            update idempotency_key
               set state = 'done', response_status = ${p()},
                   response_body = (select string_agg(
                       p.part || coalesce(case p.kind when 'n' then n.number::text
                                                      else to_json(n.label)::text end, ''),
                       '' order by p.i)
                from unnest(${p()}::text[], ${p()}::text[], ${p()}::int[])
                       with ordinality as p(part, kind, ord, i)
                left join numbered n on n.ord = p.ord), locked_until = null
             where scope = ${p()} and key = ${p()}
         returning response_body)
        select exists (select from answer) as answered,
               (select json_agg(json_build_object('ord', ord, 'number', number,
                                                  'label', label) order by ord)
                  from numbered) as numbers,
               (select response_body from answer) as body`;
};

/**
 * features/data-api: the read-only transaction's settings, then the query page of
 * data-layer.ts (query-compiler.ts's text): $1 org, $2 tenant, $3 pattern, $4 $5 statuses,
 * $6 limit, $7 offset.
 */
export const DATA_READ_ONLY = `select set_config('transaction_read_only', 'on', true),
                   set_config('statement_timeout', $1, true)`;
export const DATA_QUERY_PAGE = `select "t0"."id" as "id", "t0"."first_name" as "first_name",
       "t0"."last_name" as "last_name", "t0"."email" as "email", "t0"."status" as "status"
  from "data_contact" t0
 where t0.organization_id = $1 and "t0"."tenant_id" = $2 and "t0"."last_name"::text ilike $3
   and "t0"."status" in ($4, $5)
 order by "t0"."last_name" asc, t0.id
 limit $6 offset $7`;
