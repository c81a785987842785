-- Disabling a holder ends every session and refresh token of their login at once, whichever way
-- the holder was disabled (the import, an administrator's SQL): an old refresh token must not
-- mint access tokens again if the holder is enabled later (issue 23). A login is disabled when no
-- active holder record of its e-mail remains (auth/holder-match.ts).
CREATE OR REPLACE FUNCTION registry_end_disabled_logins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH disabled AS (
    SELECT u.id FROM auth_user u
     WHERE lower(u.email) = lower(NEW.email)
       AND NOT EXISTS (SELECT 1 FROM shareholder m
                        WHERE lower(m.email) = lower(NEW.email) AND m.active)),
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
