-- The servers remember who a session is for a few seconds (auth/principal-cache.ts). Every change
-- that can alter that answer is told on the channel registry_principals, at commit, to every
-- server: 'user:{id}' when one user's session ended or was re-timed, '' (everyone) when a holder's
-- e-mail, role or activity, a user's e-mail or name, or a company's time zone changed.
CREATE OR REPLACE FUNCTION registry_notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('registry_principals', 'user:' || OLD.user_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION registry_notify_principals_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('registry_principals', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER auth_session_principal_change
  AFTER DELETE OR UPDATE OF token, user_id, expires_at ON auth_session
  FOR EACH ROW EXECUTE FUNCTION registry_notify_session_change();--> statement-breakpoint
CREATE TRIGGER shareholder_principal_change
  AFTER INSERT OR DELETE OR UPDATE OF email, active, is_admin, organization_id ON shareholder
  FOR EACH STATEMENT EXECUTE FUNCTION registry_notify_principals_change();--> statement-breakpoint
CREATE TRIGGER auth_user_principal_change
  AFTER DELETE OR UPDATE OF email, name ON auth_user
  FOR EACH STATEMENT EXECUTE FUNCTION registry_notify_principals_change();--> statement-breakpoint
CREATE TRIGGER organization_principal_change
  AFTER UPDATE OF time_zone ON organization
  FOR EACH STATEMENT EXECUTE FUNCTION registry_notify_principals_change();
