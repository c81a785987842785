ALTER TABLE "ledger_operation" ADD COLUMN "consideration" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "ledger_operation" ADD COLUMN "consideration_currency" text;--> statement-breakpoint
ALTER TABLE "ledger_operation" ADD COLUMN "approval_date" date;--> statement-breakpoint
ALTER TABLE "ledger_operation" ADD COLUMN "approval_reference" text;--> statement-breakpoint
ALTER TABLE "ledger_operation" ADD COLUMN "reverses_operation_id" uuid;--> statement-breakpoint
ALTER TABLE "shareholder" ADD COLUMN "read_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shareholder" ADD COLUMN "notices" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "certificate_legend" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organization" ADD COLUMN "whole_shares_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_operation" ADD CONSTRAINT "ledger_operation_reverses_operation_id_ledger_operation_id_fk" FOREIGN KEY ("reverses_operation_id") REFERENCES "public"."ledger_operation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_operation" ADD CONSTRAINT "ledger_operation_reverses_unique" UNIQUE("reverses_operation_id");--> statement-breakpoint
ALTER TABLE "ledger_operation" ADD CONSTRAINT "ledger_operation_consideration" CHECK (("ledger_operation"."consideration" is null) = ("ledger_operation"."consideration_currency" is null) and ("ledger_operation"."consideration" is null or "ledger_operation"."consideration" >= 0) and ("ledger_operation"."consideration_currency" is null or "ledger_operation"."consideration_currency" ~ '^[A-Z]{3}$'));--> statement-breakpoint
ALTER TABLE "shareholder" ADD CONSTRAINT "shareholder_one_role" CHECK (not ("shareholder"."is_admin" and "shareholder"."read_only"));--> statement-breakpoint
-- A holder made read-only (or a holder again) is a principal change: the servers' session caches
-- forget it at commit, as for is_admin (migration 0015).
DROP TRIGGER shareholder_principal_change ON shareholder;--> statement-breakpoint
CREATE TRIGGER shareholder_principal_change
  AFTER INSERT OR DELETE OR UPDATE OF email, active, is_admin, read_only, organization_id ON shareholder
  FOR EACH STATEMENT EXECUTE FUNCTION registry_notify_principals_change();
