-- Total Shareholders is one rule on every date: the holders of record, those listed with shares
-- on that date (decision 093). Today's count is kept beside the listed holders by the same
-- statement-level triggers as the other totals (migration 0003); a transfer that leaves both
-- parties with shares still leaves the organization row alone.
ALTER TABLE "organization" ADD COLUMN "holders_of_record" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION shareholder_listed_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE organization o
       SET listed_holders = o.listed_holders + d.holders,
           holders_of_record = o.holders_of_record + d.of_record,
           listed_common_shares = o.listed_common_shares + d.common,
           listed_preferred_shares = o.listed_preferred_shares + d.preferred
      FROM (SELECT organization_id, count(*) AS holders,
                   count(*) FILTER (WHERE balance > 0) AS of_record,
                   sum(common_shares) AS common, sum(preferred_shares) AS preferred
              FROM new_rows
             WHERE active AND name <> '' AND (NOT is_admin OR balance > 0)
             GROUP BY organization_id) d
     WHERE o.id = d.organization_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE organization o
       SET listed_holders = o.listed_holders - d.holders,
           holders_of_record = o.holders_of_record - d.of_record,
           listed_common_shares = o.listed_common_shares - d.common,
           listed_preferred_shares = o.listed_preferred_shares - d.preferred
      FROM (SELECT organization_id, count(*) AS holders,
                   count(*) FILTER (WHERE balance > 0) AS of_record,
                   sum(common_shares) AS common, sum(preferred_shares) AS preferred
              FROM old_rows
             WHERE active AND name <> '' AND (NOT is_admin OR balance > 0)
             GROUP BY organization_id) d
     WHERE o.id = d.organization_id;
  ELSE
    UPDATE organization o
       SET listed_holders = o.listed_holders + d.holders,
           holders_of_record = o.holders_of_record + d.of_record,
           listed_common_shares = o.listed_common_shares + d.common,
           listed_preferred_shares = o.listed_preferred_shares + d.preferred
      FROM (SELECT organization_id, sum(holders) AS holders, sum(of_record) AS of_record,
                   sum(common) AS common, sum(preferred) AS preferred
              FROM (SELECT organization_id, 1 AS holders, (balance > 0)::int AS of_record,
                           common_shares AS common, preferred_shares AS preferred
                      FROM new_rows
                     WHERE active AND name <> '' AND (NOT is_admin OR balance > 0)
                    UNION ALL
                    SELECT organization_id, -1, -(balance > 0)::int, -common_shares,
                           -preferred_shares
                      FROM old_rows
                     WHERE active AND name <> '' AND (NOT is_admin OR balance > 0)) changes
             GROUP BY organization_id
            HAVING sum(holders) <> 0 OR sum(of_record) <> 0 OR sum(common) <> 0
                OR sum(preferred) <> 0) d
     WHERE o.id = d.organization_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
UPDATE organization o
   SET holders_of_record = t.of_record
  FROM (SELECT organization_id, count(*) AS of_record
          FROM shareholder
         WHERE active AND name <> '' AND balance > 0
         GROUP BY organization_id) t
 WHERE o.id = t.organization_id;
--> statement-breakpoint
-- The kept count of holders of record is checked with the other kept totals.
CREATE OR REPLACE FUNCTION ledger_invariants()
RETURNS TABLE (check_name text, organization_id uuid, entity_id text, detail text)
LANGUAGE sql STABLE AS $$
  WITH cert_sums AS (
    SELECT c.id, c.organization_id, c.holder_id, c.balance, c.cost, cls.class_type,
           coalesce(sum(t.shares), 0) AS tx_sum,
           bool_or(t.preferred <> (cls.class_type = 'preferred')) AS class_mismatch,
           bool_or(t.holder_id <> c.holder_id OR t.certificate_number <> c.number
                   OR t.certificate_prefix <> cls.prefix OR t.certificate_cost <> c.cost) AS copy_mismatch
      FROM certificate c
      JOIN share_class cls ON cls.id = c.class_id
      LEFT JOIN share_transaction t ON t.certificate_id = c.id
     GROUP BY c.id, cls.class_type
  ),
  holder_sums AS (
    SELECT h.id, h.organization_id, h.common_shares, h.preferred_shares, h.balance, h.held_cost,
           coalesce(sum(cs.tx_sum) FILTER (WHERE cs.class_type = 'common'), 0) AS common_sum,
           coalesce(sum(cs.tx_sum) FILTER (WHERE cs.class_type = 'preferred'), 0) AS preferred_sum,
           coalesce(sum(cs.tx_sum * cs.cost), 0) AS cost_sum
      FROM shareholder h
      LEFT JOIN cert_sums cs ON cs.holder_id = h.id
     GROUP BY h.id
  ),
  class_flows AS (
    SELECT c.organization_id, cls.class_type,
           coalesce(sum(t.shares) FILTER (WHERE t.type = 'Issued'), 0) AS issued,
           coalesce(-sum(t.shares) FILTER (WHERE t.type = 'Cancelled'), 0) AS cancelled,
           coalesce(-sum(t.shares) FILTER (WHERE t.type = 'Converted To Preferred'), 0) AS converted_out,
           coalesce(sum(t.shares) FILTER (WHERE t.type = 'Issued: preferred'), 0) AS converted_in
      FROM share_transaction t
      JOIN certificate c ON c.id = t.certificate_id
      JOIN share_class cls ON cls.id = c.class_id
     GROUP BY c.organization_id, cls.class_type
  ),
  class_held AS (
    SELECT h.organization_id,
           sum(h.common_shares) AS common_held,
           sum(h.preferred_shares) AS preferred_held
      FROM shareholder h
     GROUP BY h.organization_id
  ),
  directory_totals AS (
    SELECT o.id AS organization_id, o.listed_holders, o.holders_of_record, o.listed_common_shares,
           o.listed_preferred_shares, count(h.id) AS holders,
           count(h.id) FILTER (WHERE h.balance > 0) AS of_record,
           coalesce(sum(h.common_shares), 0) AS common,
           coalesce(sum(h.preferred_shares), 0) AS preferred
      FROM organization o
      LEFT JOIN shareholder h
        ON h.organization_id = o.id AND h.active AND h.name <> '' AND (NOT h.is_admin OR h.balance > 0)
     GROUP BY o.id
  ),
  operation_sums AS (
    SELECT t.operation_id, o.organization_id, o.type,
           coalesce(sum(t.shares) FILTER (WHERE t.type IN ('Transferred', 'Issued: transfer') AND NOT t.preferred), 0) AS transfer_common,
           coalesce(sum(t.shares) FILTER (WHERE t.type IN ('Transferred', 'Issued: transfer') AND t.preferred), 0) AS transfer_preferred,
           coalesce(sum(t.shares) FILTER (WHERE t.type IN ('Converted To Preferred', 'Issued: preferred')), 0) AS conversion
      FROM share_transaction t
      JOIN ledger_operation o ON o.id = t.operation_id
     GROUP BY t.operation_id, o.organization_id, o.type
  )
  SELECT 'certificate_negative', cs.organization_id, cs.id::text, 'balance ' || cs.balance
    FROM cert_sums cs WHERE cs.balance < 0
  UNION ALL
  SELECT 'certificate_drift', cs.organization_id, cs.id::text,
         'kept ' || cs.balance || ' <> transactions ' || cs.tx_sum
    FROM cert_sums cs WHERE cs.balance <> cs.tx_sum
  UNION ALL
  SELECT 'certificate_class_mismatch', cs.organization_id, cs.id::text,
         'a transaction''s preferred flag disagrees with the certificate''s class'
    FROM cert_sums cs WHERE cs.class_mismatch
  UNION ALL
  SELECT 'transaction_certificate_copy', cs.organization_id, cs.id::text,
         'a transaction''s copy of its certificate (holder, number, prefix, cost) disagrees with it'
    FROM cert_sums cs WHERE cs.copy_mismatch
  UNION ALL
  SELECT 'transaction_origin_copy', oc.organization_id, t.id::text,
         'origin copied as ' || coalesce(t.origin_prefix, '') || coalesce(t.origin_number::text, '')
           || ', origin is ' || ocls.prefix || oc.number
    FROM share_transaction t
    JOIN certificate oc ON oc.id = t.origin_certificate_id
    JOIN share_class ocls ON ocls.id = oc.class_id
   WHERE t.origin_number IS DISTINCT FROM oc.number OR t.origin_prefix IS DISTINCT FROM ocls.prefix
  UNION ALL
  SELECT 'holder_negative', hs.organization_id, hs.id::text,
         'common ' || hs.common_shares || ', preferred ' || hs.preferred_shares
    FROM holder_sums hs WHERE hs.common_shares < 0 OR hs.preferred_shares < 0
  UNION ALL
  SELECT 'holder_drift', hs.organization_id, hs.id::text,
         'kept common/preferred/balance/held_cost ' || hs.common_shares || '/' || hs.preferred_shares
           || '/' || hs.balance || '/' || hs.held_cost || ' <> transactions '
           || hs.common_sum || '/' || hs.preferred_sum || '/' || (hs.common_sum + hs.preferred_sum)
           || '/' || hs.cost_sum
    FROM holder_sums hs
   WHERE hs.common_shares <> hs.common_sum OR hs.preferred_shares <> hs.preferred_sum
      OR hs.balance <> hs.common_sum + hs.preferred_sum OR hs.held_cost <> hs.cost_sum
  UNION ALL
  SELECT 'class_conservation', ch.organization_id, ct.class_type,
         'held ' || CASE ct.class_type WHEN 'common' THEN ch.common_held ELSE ch.preferred_held END
           || ' <> issued - cancelled +/- conversions '
           || (coalesce(f.issued, 0) - coalesce(f.cancelled, 0) - coalesce(f.converted_out, 0)
               + coalesce(f.converted_in, 0))
    FROM class_held ch
   CROSS JOIN (VALUES ('common'), ('preferred')) AS ct(class_type)
    LEFT JOIN class_flows f ON f.organization_id = ch.organization_id AND f.class_type = ct.class_type
   WHERE CASE ct.class_type WHEN 'common' THEN ch.common_held ELSE ch.preferred_held END
         <> coalesce(f.issued, 0) - coalesce(f.cancelled, 0) - coalesce(f.converted_out, 0)
            + coalesce(f.converted_in, 0)
  UNION ALL
  SELECT 'operation_unbalanced', os.organization_id, os.operation_id::text,
         os.type || ': transfer common ' || os.transfer_common || ', transfer preferred '
           || os.transfer_preferred || ', conversion ' || os.conversion
    FROM operation_sums os
   WHERE os.transfer_common <> 0 OR os.transfer_preferred <> 0 OR os.conversion <> 0
  UNION ALL
  SELECT 'directory_totals_drift', d.organization_id, d.organization_id::text,
         'kept holders/of record/common/preferred ' || d.listed_holders || '/'
           || d.holders_of_record || '/' || d.listed_common_shares || '/'
           || d.listed_preferred_shares || ' <> listed holders ' || d.holders || '/'
           || d.of_record || '/' || d.common || '/' || d.preferred
    FROM directory_totals d
   WHERE d.listed_holders <> d.holders OR d.holders_of_record <> d.of_record
      OR d.listed_common_shares <> d.common OR d.listed_preferred_shares <> d.preferred
  UNION ALL
  SELECT 'certificate_unnumbered', c.organization_id, c.id::text, 'number ' || c.number
    FROM certificate c WHERE c.number < 1
  UNION ALL
  SELECT 'certificate_numbers_not_sequential', o.id, o.id::text,
         count(c.id) || ' certificates numbered ' || coalesce(min(c.number), 0) || ' to '
           || coalesce(max(c.number), 0) || ', next number ' || o.next_certificate_number
    FROM organization o
    LEFT JOIN certificate c ON c.organization_id = o.id
   GROUP BY o.id
  HAVING count(c.id) <> coalesce(max(c.number), 0) OR coalesce(min(c.number), 1) < 1
      OR o.next_certificate_number <> coalesce(max(c.number), 0) + 1
  UNION ALL
  SELECT 'transaction_without_audit', o.organization_id, t.id::text,
         'operation ' || t.operation_id || ' has no audit entry'
    FROM share_transaction t
    JOIN ledger_operation o ON o.id = t.operation_id
   WHERE NOT EXISTS (SELECT 1 FROM audit_entry a WHERE a.operation_id = t.operation_id)
$$;
