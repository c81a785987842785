-- The audit trail as a hash chain (issue 25, decision 118): each entry carries its place in its
-- organization's chain (seq), the previous entry's hash and the SHA-256 of its own canonical
-- content with that hash, set in its own transaction by a trigger that locks the chain's head, so
-- concurrent postings chain in commit order. npm run audit:verify recomputes it.
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
  head audit_chain_head;
BEGIN
  INSERT INTO audit_chain_head (organization_id, seq, hash)
       VALUES (NEW.organization_id, 0, '')
  ON CONFLICT (organization_id) DO NOTHING;
  SELECT * INTO head FROM audit_chain_head WHERE organization_id = NEW.organization_id FOR UPDATE;
  NEW.seq := head.seq + 1;
  NEW.prev_hash := head.hash;
  NEW.hash := audit_entry_digest(NEW, head.hash);
  UPDATE audit_chain_head SET seq = NEW.seq, hash = NEW.hash
   WHERE organization_id = NEW.organization_id;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
ALTER TABLE audit_entry DISABLE TRIGGER audit_entry_append_only;
--> statement-breakpoint
DO $$
DECLARE
  org uuid;
  e audit_entry;
  prev text;
  n bigint;
BEGIN
  FOR org IN SELECT DISTINCT organization_id FROM audit_entry LOOP
    prev := '';
    n := 0;
    FOR e IN SELECT * FROM audit_entry WHERE organization_id = org ORDER BY created_at, id LOOP
      n := n + 1;
      e.seq := n;
      UPDATE audit_entry SET seq = n, prev_hash = prev, hash = audit_entry_digest(e, prev)
       WHERE id = e.id;
      prev := audit_entry_digest(e, prev);
    END LOOP;
    INSERT INTO audit_chain_head (organization_id, seq, hash) VALUES (org, n, prev);
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE audit_entry ENABLE TRIGGER audit_entry_append_only;
--> statement-breakpoint
CREATE TRIGGER audit_entry_chain BEFORE INSERT ON audit_entry
  FOR EACH ROW EXECUTE FUNCTION audit_entry_chain();
