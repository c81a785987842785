-- What a statement prints of each transaction's certificate and origin, copied onto the
-- transaction (decision 087): a holder's history becomes one range of share_transaction_holder_idx
-- instead of a join to the certificate, its class and its origin per line. None of the copied
-- facts ever changes (a certificate keeps its holder, number, class and cost; a class its prefix).
-- The holder has no foreign key of its own: it equals the certificate's, which has one.
-- The ledger is append-only, so its guard steps aside for this one backfill, inside the
-- migration's transaction.
ALTER TABLE "share_transaction" ADD COLUMN "holder_id" uuid;--> statement-breakpoint
ALTER TABLE "share_transaction" ADD COLUMN "certificate_number" integer;--> statement-breakpoint
ALTER TABLE "share_transaction" ADD COLUMN "certificate_prefix" text;--> statement-breakpoint
ALTER TABLE "share_transaction" ADD COLUMN "certificate_cost" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "share_transaction" ADD COLUMN "origin_number" integer;--> statement-breakpoint
ALTER TABLE "share_transaction" ADD COLUMN "origin_prefix" text;--> statement-breakpoint
ALTER TABLE "share_transaction" DISABLE TRIGGER "share_transaction_append_only";--> statement-breakpoint
UPDATE "share_transaction" t
   SET "holder_id" = c."holder_id", "certificate_number" = c."number",
       "certificate_prefix" = cls."prefix", "certificate_cost" = c."cost"
  FROM "certificate" c JOIN "share_class" cls ON cls."id" = c."class_id"
 WHERE c."id" = t."certificate_id";--> statement-breakpoint
UPDATE "share_transaction" t
   SET "origin_number" = oc."number", "origin_prefix" = ocls."prefix"
  FROM "certificate" oc JOIN "share_class" ocls ON ocls."id" = oc."class_id"
 WHERE oc."id" = t."origin_certificate_id";--> statement-breakpoint
ALTER TABLE "share_transaction" ENABLE TRIGGER "share_transaction_append_only";--> statement-breakpoint
ALTER TABLE "share_transaction" ALTER COLUMN "holder_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "share_transaction" ALTER COLUMN "certificate_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "share_transaction" ALTER COLUMN "certificate_prefix" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "share_transaction" ALTER COLUMN "certificate_cost" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "share_transaction_holder_idx" ON "share_transaction" USING btree ("holder_id","date","transaction_order");--> statement-breakpoint
ALTER TABLE "share_transaction" ADD CONSTRAINT "share_transaction_origin_copy" CHECK (("share_transaction"."origin_certificate_id" is null) = ("share_transaction"."origin_number" is null) and ("share_transaction"."origin_number" is null) = ("share_transaction"."origin_prefix" is null));--> statement-breakpoint
-- The copies are checked with the rest of the ledger.
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
    SELECT o.id AS organization_id, o.listed_holders, o.listed_common_shares,
           o.listed_preferred_shares, count(h.id) AS holders,
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
         'kept holders/common/preferred ' || d.listed_holders || '/' || d.listed_common_shares
           || '/' || d.listed_preferred_shares || ' <> listed holders ' || d.holders || '/'
           || d.common || '/' || d.preferred
    FROM directory_totals d
   WHERE d.listed_holders <> d.holders OR d.listed_common_shares <> d.common
      OR d.listed_preferred_shares <> d.preferred
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
