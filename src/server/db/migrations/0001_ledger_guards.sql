-- Posted ledger rows are append-only (checklist LED-05): a mistake is corrected by a new
-- transaction, never by editing or deleting one.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'P0001', HINT = 'Record a correcting transaction instead.';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER share_transaction_append_only BEFORE UPDATE OR DELETE ON share_transaction
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER share_transaction_no_truncate BEFORE TRUNCATE ON share_transaction
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_operation_append_only BEFORE UPDATE OR DELETE ON ledger_operation
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_operation_no_truncate BEFORE TRUNCATE ON ledger_operation
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_entry_append_only BEFORE UPDATE OR DELETE ON audit_entry
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_entry_no_truncate BEFORE TRUNCATE ON audit_entry
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS share_transaction_origin_idx ON share_transaction (origin_certificate_id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS idempotency_scope_created_idx ON idempotency_key (created_at);
--> statement-breakpoint
-- Every violation of the ledger's invariants (checklist LED-01..04, LED-12); empty when sound.
-- Run at start-up, by `npm run ledger:verify`, and after every test scenario.
CREATE OR REPLACE FUNCTION ledger_invariants()
RETURNS TABLE (check_name text, organization_id uuid, entity_id text, detail text)
LANGUAGE sql STABLE AS $$
  WITH cert_sums AS (
    SELECT c.id, c.organization_id, c.holder_id, c.balance, c.cost, cls.class_type,
           coalesce(sum(t.shares), 0) AS tx_sum,
           bool_or(t.preferred <> (cls.class_type = 'preferred')) AS class_mismatch
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
  SELECT 'transaction_without_audit', o.organization_id, t.id::text,
         'operation ' || t.operation_id || ' has no audit entry'
    FROM share_transaction t
    JOIN ledger_operation o ON o.id = t.operation_id
   WHERE NOT EXISTS (SELECT 1 FROM audit_entry a WHERE a.operation_id = t.operation_id)
$$;
