-- Holders added in the app (issue 25): a holder is a person or an entity, has a country, and a
-- postal code as the world writes them (ZIP+4, SW1A 1AA), no longer digits only.
ALTER TABLE "shareholder" DROP CONSTRAINT "shareholder_zip_digits";--> statement-breakpoint
ALTER TABLE "shareholder" ADD COLUMN "country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shareholder" ADD COLUMN "holder_type" text DEFAULT 'individual' NOT NULL;--> statement-breakpoint
ALTER TABLE "shareholder" ADD CONSTRAINT "shareholder_holder_type" CHECK ("shareholder"."holder_type" in ('individual', 'entity'));--> statement-breakpoint
ALTER TABLE "shareholder" ADD CONSTRAINT "shareholder_postal_code" CHECK (length("shareholder"."zip_code") <= 12 and "shareholder"."zip_code" ~ '^([A-Za-z0-9]([A-Za-z0-9 -]*[A-Za-z0-9])?)?$');