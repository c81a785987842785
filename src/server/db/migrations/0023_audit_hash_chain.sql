-- The audit trail as a hash chain (issue 25, decision 118): each entry carries its place in its
-- organization's chain (seq), the previous entry's hash and the SHA-256 of its own canonical
-- content with that hash, set in its own transaction by a trigger that holds the organization's
-- chain lock to commit, so concurrent postings chain in commit order; the chain's head (its last
-- seq and hash) is written at commit. npm run audit:verify recomputes it.
CREATE TABLE "audit_chain_head" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_entry" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_entry" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_entry" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "audit_chain_head" ADD CONSTRAINT "audit_chain_head_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_entry_chain_idx" ON "audit_entry" USING btree ("organization_id","seq");--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_entry_digest(e audit_entry, prev text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(prev || '|' || jsonb_build_array(
           e.seq, e.organization_id, e.actor_user_id, e.actor_holder_id, e.action,
           e.entity_type, e.entity_id, e.operation_id, e.request_id, e.reason, e.before, e.after,
           (extract(epoch FROM e.created_at) * 1000000)::bigint)::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_entry_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last record;
BEGIN
  -- One writer per organization's chain until commit. The last entry is found through the
  -- (organization_id, seq) index; entries inserted earlier by the same statement are visible
  -- here, so a many-row insert chains in order and costs the same per row.
  PERFORM pg_advisory_xact_lock(hashtextextended('audit_chain:' || NEW.organization_id::text, 0));
  SELECT seq, hash INTO last FROM audit_entry
   WHERE organization_id = NEW.organization_id AND seq IS NOT NULL
   ORDER BY seq DESC LIMIT 1;
  NEW.seq := coalesce(last.seq, 0) + 1;
  NEW.prev_hash := coalesce(last.hash, '');
  NEW.hash := audit_entry_digest(NEW, NEW.prev_hash);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- The head moves at commit, once per transaction: the first of its deferred checks moves it to
-- the chain's last entry, the others find it there and write nothing.
CREATE OR REPLACE FUNCTION audit_chain_head_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last record;
BEGIN
  IF EXISTS (SELECT FROM audit_chain_head
              WHERE organization_id = NEW.organization_id AND seq >= NEW.seq) THEN
    RETURN NULL;
  END IF;
  SELECT seq, hash INTO last FROM audit_entry
   WHERE organization_id = NEW.organization_id AND seq IS NOT NULL
   ORDER BY seq DESC LIMIT 1;
  INSERT INTO audit_chain_head (organization_id, seq, hash)
       VALUES (NEW.organization_id, last.seq, last.hash)
  ON CONFLICT (organization_id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Chains every entry that has no place yet, in (created_at, id) order: the entries this migration
-- finds, and those a bulk load writes with the chain's triggers off (the bench's seed).
CREATE OR REPLACE FUNCTION audit_chain_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  org uuid;
  e audit_entry;
  prev text;
  n bigint;
BEGIN
  FOR org IN SELECT DISTINCT organization_id FROM audit_entry WHERE seq IS NULL LOOP
    SELECT coalesce(max(seq), 0) INTO n FROM audit_entry WHERE organization_id = org;
    SELECT coalesce((SELECT hash FROM audit_entry WHERE organization_id = org AND seq = n), '')
      INTO prev;
    FOR e IN SELECT * FROM audit_entry WHERE organization_id = org AND seq IS NULL
              ORDER BY created_at, id LOOP
      n := n + 1;
      e.seq := n;
      UPDATE audit_entry SET seq = n, prev_hash = prev, hash = audit_entry_digest(e, prev)
       WHERE id = e.id;
      prev := audit_entry_digest(e, prev);
    END LOOP;
    INSERT INTO audit_chain_head (organization_id, seq, hash) VALUES (org, n, prev)
    ON CONFLICT (organization_id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash;
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE audit_entry DISABLE TRIGGER audit_entry_append_only;
--> statement-breakpoint
SELECT audit_chain_rebuild();
--> statement-breakpoint
ALTER TABLE audit_entry ENABLE TRIGGER audit_entry_append_only;
--> statement-breakpoint
CREATE TRIGGER audit_entry_chain BEFORE INSERT ON audit_entry
  FOR EACH ROW EXECUTE FUNCTION audit_entry_chain();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_chain_head_at_commit AFTER INSERT ON audit_entry
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION audit_chain_head_at_commit();
