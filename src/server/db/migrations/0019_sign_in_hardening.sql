-- A login belongs to the company where it was created (issue 23): only that company's holder
-- records say who its sessions are. Existing logins belong to the company whose holder record of
-- their e-mail came first (the one their login was made for).
ALTER TABLE "auth_user" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "auth_user" ADD CONSTRAINT "auth_user_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_user_organization_idx" ON "auth_user" USING btree ("organization_id");--> statement-breakpoint
UPDATE auth_user u SET organization_id = (
  SELECT m.organization_id FROM shareholder m
   WHERE lower(m.email) = lower(u.email)
   ORDER BY m.created_at, m.id
   LIMIT 1);--> statement-breakpoint
-- Who a session is changes when its login's company does (0015's notices).
DROP TRIGGER auth_user_principal_change ON auth_user;--> statement-breakpoint
CREATE TRIGGER auth_user_principal_change
  AFTER DELETE OR UPDATE OF email, name, organization_id ON auth_user
  FOR EACH STATEMENT EXECUTE FUNCTION registry_notify_principals_change();--> statement-breakpoint
-- Disabling a holder ends every session and refresh token of their login at once, whichever way
-- the holder was disabled (the import, an administrator's SQL): an old refresh token must not
-- mint access tokens again if the holder is enabled later (issue 23). A login is disabled when no
-- active holder record of its e-mail remains in its company (auth/holder-match.ts).
CREATE OR REPLACE FUNCTION registry_end_disabled_logins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH disabled AS (
    SELECT u.id FROM auth_user u
     WHERE lower(u.email) = lower(NEW.email) AND u.organization_id = NEW.organization_id
       AND NOT EXISTS (SELECT 1 FROM shareholder m
                        WHERE lower(m.email) = lower(NEW.email)
                          AND m.organization_id = NEW.organization_id AND m.active)),
  revoked AS (
    UPDATE auth_refresh_token SET revoked_at = now()
     WHERE revoked_at IS NULL AND user_id IN (SELECT id FROM disabled))
  DELETE FROM auth_session WHERE user_id IN (SELECT id FROM disabled);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER shareholder_disabled_ends_logins
  AFTER UPDATE OF active ON shareholder
  FOR EACH ROW WHEN (OLD.active AND NOT NEW.active AND NEW.email IS NOT NULL)
  EXECUTE FUNCTION registry_end_disabled_logins();
--> statement-breakpoint
-- Each failed sign-in names its client (an address, or a known browser): a client is held back by
-- its own failures, never by the account's alone (issue 23, AUTH-07).
ALTER TABLE "auth_login_failure" ADD COLUMN "client" text;
