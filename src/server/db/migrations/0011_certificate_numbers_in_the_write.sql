-- New certificates are numbered by the statement that writes them (post-operation.ts), on both
-- backends: the commit-time trigger of migration 0004 and its stand-ins go. A stored answer that
-- still holds stand-ins gets its certificates' numbers first, so a replay answers as before.
DO $$
DECLARE
  r record;
  c record;
  i integer;
  body text;
BEGIN
  FOR r IN SELECT scope, key, response_body, stand_in, pending_certificates
             FROM idempotency_key WHERE stand_in IS NOT NULL AND response_body IS NOT NULL LOOP
    body := r.response_body;
    FOR i IN 1 .. coalesce(array_length(r.pending_certificates, 1), 0) LOOP
      SELECT cert.number, cls.prefix INTO c
        FROM certificate cert JOIN share_class cls ON cls.id = cert.class_id
       WHERE cert.id = r.pending_certificates[i];
      CONTINUE WHEN c.number IS NULL OR c.number < 1;
      body := replace(body, to_json(r.stand_in || (i - 1))::text, to_json(c.prefix || c.number)::text);
      -- Any integer -i where a JSON value starts, as the old replay did.
      body := regexp_replace(body, '([:\[,])-' || i || '(?=[,}\]])', '\1' || c.number, 'g');
    END LOOP;
    UPDATE idempotency_key SET response_body = body WHERE scope = r.scope AND key = r.key;
  END LOOP;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS certificate_number_at_commit ON certificate;
--> statement-breakpoint
DROP FUNCTION IF EXISTS certificate_take_number();
--> statement-breakpoint
DROP SEQUENCE IF EXISTS certificate_number_stand_in;
--> statement-breakpoint
ALTER TABLE "idempotency_key" DROP COLUMN "stand_in";--> statement-breakpoint
ALTER TABLE "idempotency_key" DROP COLUMN "pending_certificates";