import pg from 'pg';

/**
 * The bench registry, seeded with set-based SQL (generate_series, INSERT … SELECT) straight into
 * the app's tables. Every figure the app keeps (certificate balance, holder common / preferred /
 * balance / held_cost, the organization's next certificate number) is derived here from the same
 * staged operations as the transactions, so ledger_invariants() is empty afterwards.
 *
 * Shape (defaults): 100,000 holders (+ the administrator, who holds nothing); each holder one
 * common New Issue; 435,000 transfers of 1–5 shares (two transactions and one new certificate
 * each), 10,000 conversions to preferred (two transactions, one new preferred certificate) and
 * 10,000 cancellations (one transaction): 1,000,000 share transactions, 555,000 operations, one
 * audit entry per operation, 545,000 certificates. Holder 1 (the "hot" holder) has exactly 1,000
 * transactions: its issue, 500 transfers in and 499 transfers out.
 */
export interface SeedShape {
  holders: number;
  transactions: number;
}

export interface SeedPlan extends SeedShape {
  conversions: number;
  cancellations: number;
  transfers: number;
  hotIn: number;
  hotOut: number;
  certificates: number;
  operations: number;
}

export interface SeededRegistry {
  organizationId: string;
  adminEmail: string;
  adminHolderId: string;
  hotHolderId: string;
  hotTransactions: number;
  plan: SeedPlan;
  /** Seconds per step, in order. */
  timings: Array<[string, number]>;
}

export const ADMIN_EMAIL = 'admin@bench.example';
const SEEDER = 'bench-seed';

export function planSeed(shape: SeedShape): SeedPlan {
  const { holders, transactions } = shape;
  if (holders < 1_200) throw new Error('the bench needs at least 1,200 holders');
  const conversions = Math.floor(holders / 10);
  let cancellations = Math.floor(holders / 10);
  let rest = transactions - holders - 2 * conversions - cancellations;
  if (rest % 2 !== 0) {
    cancellations += 1;
    rest -= 1;
  }
  const transfers = rest / 2;
  const hotIn = 500;
  const hotOut = 499;
  if (transfers < hotIn + hotOut + 1) throw new Error('too few transactions for this many holders');
  return {
    holders,
    transactions,
    conversions,
    cancellations,
    transfers,
    hotIn,
    hotOut,
    certificates: holders + transfers + conversions,
    operations: holders + transfers + conversions + cancellations,
  };
}

/**
 * bid(kind, n): a stable UUID (version 4 layout, so the API's z.uuid() accepts it) that is random
 * looking, like the app's randomUUID() keys, so indexes see the same scattered inserts.
 */
const BID = `create function pg_temp.bid(kind text, n bigint) returns uuid
  language sql immutable parallel safe as
  $$ select overlay(overlay(md5(kind || ':' || n::text) placing '4' from 13) placing '8' from 17)::uuid $$`;

export async function seedRegistry(url: string, shape: SeedShape): Promise<SeededRegistry> {
  const plan = planSeed(shape);
  const N = plan.holders;
  const M = N - 1; // holders 2..N take part in the generic operations; holder 1 is the hot one
  const G = plan.transfers - plan.hotIn - plan.hotOut; // generic transfers
  const others = plan.transfers + plan.conversions + plan.cancellations;
  const timings: Array<[string, number]> = [];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const step = async (label: string, text: string, values: unknown[] = []) => {
    const started = performance.now();
    await client.query(text, values);
    timings.push([label, (performance.now() - started) / 1000]);
  };
  try {
    await client.query(`set synchronous_commit = off`);
    await client.query(`set work_mem = '256MB'`);
    await client.query(`set maintenance_work_mem = '256MB'`);
    await client.query(BID);
    const restore = await dropForBulkLoad(client, timings);

    await step(
      'organization and share classes',
      `with org as (
         insert into organization
           (id, legal_name, address, city, state, zip_code, next_certificate_number)
         values (pg_temp.bid('org', 0), 'Bench Holdings, Inc.', '1 Bench Way', 'Dover', 'DE',
                 '19901', $1)
         returning id)
       insert into share_class (id, organization_id, name, class_type, prefix)
       select pg_temp.bid('class', v.n), org.id, v.name, v.type, v.prefix
         from org, (values (1, 'Common Stock', 'common', 'CS-'),
                           (2, 'Series A Preferred', 'preferred', 'PS-')) v(n, name, type, prefix)`,
      [plan.certificates + 1],
    );

    // Every operation, staged: op_no is the ledger order; dates rise with it.
    await step(
      'stage operations',
      `create temp table ops as
       with raw as (
         select i::numeric as key, 'issue' as kind, null::int as from_h, i as to_h,
                (case when i = 1 then 100000 else 1000 + i % 500 + (i % 2) * 0.5 end)::numeric(20,2)
                  as shares,
                (1 + (i % 900) / 100.0)::numeric(20,2) as cost, null::int as origin
           from generate_series(1, $1::int) i
         union all
         select $1 + t, 'transfer', 2 + t % $2, 2 + (t % $2 + 1 + (t::bigint * 37) % ($2 - 1)) % $2,
                1 + t % 5, (1 + (t % 1000) / 100.0)::numeric(20,2), 2 + t % $2
           from generate_series(1, $3::int) t
         union all
         select $1 + (k + 0.5) * $3 / $4, 'transfer', 2 + k, 1, 1, 2.50, 2 + k
           from generate_series(0, $4 - 1) k
         union all
         select $1 + (k + 0.25) * $3 / $5, 'transfer', 1, 1000 + k, 1 + k % 3, 3.00, 1
           from generate_series(0, $5 - 1) k
         union all
         select $1 + (v + 0.3) * $3 / $6, 'convert', 2 + (v::bigint * 13) % $2, null, 10,
                (1 + ((2 + (v::bigint * 13) % $2) % 900) / 100.0)::numeric(20,2),
                2 + (v::bigint * 13) % $2
           from generate_series(0, $6 - 1) v
         union all
         select $1 + (k + 0.7) * $3 / $7, 'cancel', 2 + (k::bigint * 17) % $2, null, 5, 0,
                2 + (k::bigint * 17) % $2
           from generate_series(0, $7 - 1) k
       ), numbered as (
         select raw.*, row_number() over (order by key) as op_no from raw
       )
       select op_no, kind, from_h, case when kind = 'convert' then from_h else to_h end as to_h,
              shares, cost, origin,
              case when kind = 'issue' then to_h
                   when kind in ('transfer', 'convert')
                     then $1 + (count(*) filter (where kind in ('transfer', 'convert'))
                                  over (order by op_no))::int
              end as new_cert,
              case when kind = 'issue' then date '2020-01-01' + ((op_no - 1) * 365 / $1)::int
                   else date '2021-01-01' + ((op_no - $1 - 1) * 1825 / $8)::int
              end as date
         from numbered
        order by op_no`,
      [N, M, G, plan.hotIn, plan.hotOut, plan.conversions, plan.cancellations, others],
    );

    await step(
      'stage certificates',
      `create temp table certs as
       with outflow as (
         select origin, sum(shares) as shares from ops where kind <> 'issue' group by origin
       )
       select o.new_cert as number, o.to_h as holder, 'common' as class_type, o.date, null::int as origin,
              o.cost, o.shares - coalesce(f.shares, 0) as balance
         from ops o left join outflow f on f.origin = o.new_cert
        where o.kind = 'issue'
       union all
       select new_cert, to_h, case kind when 'convert' then 'preferred' else 'common' end, date,
              origin, cost, shares
         from ops where kind in ('transfer', 'convert')`,
    );

    await step(
      'shareholders (kept figures)',
      `insert into shareholder
         (id, organization_id, name, full_name, email, state, city, address, zip_code,
          phone_number, is_admin, common_shares, preferred_shares, balance, held_cost)
       select pg_temp.bid('holder', i), pg_temp.bid('org', 0),
              case when i = 0 then 'Bench Administrator' else 'Holder ' || lpad(i::text, 6, '0') end,
              case when i = 0 then 'Bench Administrator' else 'Bench Holder ' || i end,
              case when i = 0 then $2 else 'holder' || i || '@bench.example' end,
              'DE', 'Dover', i || ' Ledger Street', lpad((i % 100000)::text, 5, '0'), '555-0100',
              i = 0,
              coalesce(f.common, 0), coalesce(f.preferred, 0),
              coalesce(f.common, 0) + coalesce(f.preferred, 0), coalesce(f.held_cost, 0)
         from generate_series(0, $1::int) i
         left join (
           select holder,
                  sum(balance) filter (where class_type = 'common') as common,
                  sum(balance) filter (where class_type = 'preferred') as preferred,
                  sum(balance * cost) as held_cost
             from certs group by holder
         ) f on f.holder = i`,
      [N, ADMIN_EMAIL],
    );

    await step(
      'certificates',
      `insert into certificate
         (id, organization_id, number, holder_id, class_id, effective_date, origin_certificate_id,
          balance, cost)
       select pg_temp.bid('cert', number), pg_temp.bid('org', 0), number, pg_temp.bid('holder', holder),
              pg_temp.bid('class', case class_type when 'common' then 1 else 2 end), date,
              case when origin is null then null else pg_temp.bid('cert', origin) end, balance, cost
         from certs order by number`,
    );

    await step(
      'ledger operations',
      `insert into ledger_operation (id, organization_id, type, recorded_by, reason)
       select pg_temp.bid('op', op_no), pg_temp.bid('org', 0),
              case kind when 'issue' then 'New Issue' when 'transfer' then 'Transfer'
                        when 'convert' then 'Convert to Preferred' else 'Cancel' end,
              $1, case when kind = 'cancel' then 'Bench cancellation' end
         from ops order by op_no`,
      [SEEDER],
    );

    // The hash chain's trigger finds each entry's predecessor through an index the load has
    // dropped: entries load unchained and are chained once the indexes are back (chainAudit).
    await client.query(
      `alter table audit_entry disable trigger audit_entry_chain;
       alter table audit_entry disable trigger audit_chain_head_at_commit`,
    );
    await step(
      'audit entries (one per operation)',
      `insert into audit_entry
         (organization_id, actor_user_id, action, entity_type, entity_id, operation_id, reason)
       select pg_temp.bid('org', 0), $1,
              'ledger.' || case kind when 'issue' then 'New Issue' when 'transfer' then 'Transfer'
                                     when 'convert' then 'Convert to Preferred' else 'Cancel' end,
              'ledger_operation', pg_temp.bid('op', op_no)::text, pg_temp.bid('op', op_no),
              case when kind = 'cancel' then 'Bench cancellation' end
         from ops order by op_no`,
      [SEEDER],
    );

    // Entries in plan order: the debit of the origin first, then the credit of the new certificate.
    await step(
      'share transactions',
      `insert into share_transaction
         (operation_id, certificate_id, preferred, origin_certificate_id, counterparty_holder_id,
          shares, type, date, cost, reason, recorded_by, holder_id, certificate_number,
          certificate_prefix, certificate_cost, origin_number, origin_prefix)
       select pg_temp.bid('op', e.op_no), pg_temp.bid('cert', e.cert), e.preferred,
              case when e.origin is null then null else pg_temp.bid('cert', e.origin) end,
              case when cp.holder is null then null else pg_temp.bid('holder', cp.holder) end,
              e.shares, e.type, e.date, e.cost,
              case when e.type = 'Cancelled' then 'Bench cancellation' end, $1,
              -- What the statement prints of the certificate and the origin (migration 0016).
              pg_temp.bid('holder', c.holder), c.number, cls.prefix, c.cost, oc.number,
              ocls.prefix
         from (
           select op_no, 1 as entry,
                  case when kind = 'issue' then new_cert else origin end as cert,
                  false as preferred, null::int as origin,
                  case when kind = 'transfer' then new_cert end as counterparty_cert,
                  case when kind = 'issue' then shares else -shares end as shares,
                  case kind when 'issue' then 'Issued' when 'transfer' then 'Transferred'
                            when 'convert' then 'Converted To Preferred' else 'Cancelled' end as type,
                  date, cost
             from ops
           union all
           select op_no, 2, new_cert, kind = 'convert', origin,
                  case when kind = 'transfer' then origin end, shares,
                  case kind when 'transfer' then 'Issued: transfer' else 'Issued: preferred' end,
                  date, cost
             from ops where kind in ('transfer', 'convert')
         ) e
         -- The counterparty (ledger counterpartiesOf): the recipient's new certificate on what
         -- was transferred, the sender's origin on what was issued by transfer.
         left join certs cp on cp.number = e.counterparty_cert
         join certs c on c.number = e.cert
         join share_class cls on cls.class_type = c.class_type
         left join certs oc on oc.number = e.origin
         left join share_class ocls on ocls.class_type = oc.class_type
        order by e.op_no, e.entry`,
      [SEEDER],
    );

    await restore();
    await step('audit hash chain (migration 0023, in order)', CHAIN_AUDIT);
    await step(
      'vacuum analyze',
      `vacuum (analyze) shareholder, certificate, share_transaction,
      ledger_operation, audit_entry, share_class, organization`,
    );

    const ids = await client.query<{ admin: string; hot: string; org: string; hot_tx: string }>(
      `select pg_temp.bid('holder', 0)::text as admin, pg_temp.bid('holder', 1)::text as hot,
              pg_temp.bid('org', 0)::text as org,
              (select count(*) from share_transaction t join certificate c on c.id = t.certificate_id
                where c.holder_id = pg_temp.bid('holder', 1))::text as hot_tx`,
    );
    const row = ids.rows[0]!;
    return {
      organizationId: row.org,
      adminEmail: ADMIN_EMAIL,
      adminHolderId: row.admin,
      hotHolderId: row.hot,
      hotTransactions: Number(row.hot_tx),
      plan,
      timings,
    };
  } finally {
    await client.end();
  }
}

const LOADED_TABLES = [
  'organization',
  'share_class',
  'shareholder',
  'certificate',
  'ledger_operation',
  'audit_entry',
  'share_transaction',
];

/**
 * The pg_restore order, on an empty database: foreign keys and secondary indexes of the loaded
 * tables are dropped before the load, then rebuilt from their own definitions
 * (pg_get_indexdef / pg_get_constraintdef): one sorted index build and one anti-join per
 * foreign key instead of a B-tree insert and a trigger query per row. Adding a foreign key back
 * checks every row, so nothing is taken on trust; the schema is compared before and after.
 */
/** The entries loaded unchained, chained as migration 0023 chained existing ones; triggers back on. */
const CHAIN_AUDIT = `
  alter table audit_entry disable trigger audit_entry_append_only;
  select audit_chain_rebuild();
  alter table audit_entry enable trigger audit_entry_append_only;
  alter table audit_entry enable trigger audit_entry_chain;
  alter table audit_entry enable trigger audit_chain_head_at_commit`;

async function dropForBulkLoad(
  client: pg.Client,
  timings: Array<[string, number]>,
): Promise<() => Promise<void>> {
  const schemaText = async () =>
    (
      await client.query<{ def: string }>(
        `select pg_get_indexdef(i.indexrelid) as def from pg_index i
          where i.indrelid = any($1::regclass[])
         union all
         select conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
           from pg_constraint where conrelid = any($1::regclass[])
         order by 1`,
        [LOADED_TABLES],
      )
    ).rows
      .map((r) => r.def)
      .join('\n');
  const before = await schemaText();
  const foreignKeys = (
    await client.query<{ tbl: string; name: string; def: string }>(
      `select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
         from pg_constraint
        where contype = 'f' and (conrelid = any($1::regclass[]) or confrelid = any($1::regclass[]))`,
      [LOADED_TABLES],
    )
  ).rows;
  // Indexes that no constraint owns (primary keys and UNIQUE constraints stay).
  const indexes = (
    await client.query<{ name: string; def: string }>(
      `select c.relname as name, pg_get_indexdef(i.indexrelid) as def
         from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = any($1::regclass[])
          and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`,
      [LOADED_TABLES],
    )
  ).rows;
  for (const fk of foreignKeys) {
    await client.query(`alter table ${fk.tbl} drop constraint ${fk.name}`);
  }
  for (const index of indexes) await client.query(`drop index ${index.name}`);

  return async () => {
    let started = performance.now();
    for (const index of indexes) await client.query(index.def);
    timings.push([`secondary indexes (${indexes.length})`, (performance.now() - started) / 1000]);
    started = performance.now();
    for (const fk of foreignKeys) {
      await client.query(`alter table ${fk.tbl} add constraint ${fk.name} ${fk.def}`);
    }
    timings.push([`foreign keys (${foreignKeys.length})`, (performance.now() - started) / 1000]);
    const after = await schemaText();
    if (after !== before) throw new Error('the schema differs after the bulk load');
  };
}

/** Holder ids and their original (issue) certificate ids, for holders first..first+count-1. */
export async function transferParties(
  url: string,
  first: number,
  count: number,
): Promise<Array<{ holderId: string; certificateId: string }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ holder_id: string; certificate_id: string }>(
      `select h.id::text as holder_id, c.id::text as certificate_id
         from shareholder h
         join certificate c on c.holder_id = h.id and c.origin_certificate_id is null
        where h.email = any($1::text[])
        order by h.email`,
      [Array.from({ length: count }, (_, i) => `holder${first + i}@bench.example`)],
    );
    return result.rows.map((r) => ({ holderId: r.holder_id, certificateId: r.certificate_id }));
  } finally {
    await client.end();
  }
}
