-- The directory sorts names in the language's order (decision 093): Unicode's root collation
-- through ICU ("und-x-icu", which PostgreSQL 15 built with ICU and PGlite both have) instead of
-- lower(name) byte by byte, which put Łukasz and Émile after Zoe. One index serves the sort.
DROP INDEX "shareholder_org_name_idx";--> statement-breakpoint
CREATE INDEX "shareholder_org_name_language_idx" ON "shareholder" USING btree ("organization_id","name" collate "und-x-icu","id");