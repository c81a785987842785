ALTER TABLE "share_transaction" ADD COLUMN "counterparty_holder_id" uuid;--> statement-breakpoint
-- The counterparty of the transfers already posted, as statement-queries.ts found it until now:
-- an issue by transfer came from its origin's holder; what was transferred went to the holder of
-- the certificate the same operation issued (one recipient per transfer). The ledger is
-- append-only, so its guard steps aside for this one backfill, inside the migration's transaction.
ALTER TABLE "share_transaction" DISABLE TRIGGER "share_transaction_append_only";--> statement-breakpoint
UPDATE "share_transaction" t SET "counterparty_holder_id" = oc."holder_id"
  FROM "certificate" oc
 WHERE t."type" = 'Issued: transfer' AND oc."id" = t."origin_certificate_id";--> statement-breakpoint
UPDATE "share_transaction" t SET "counterparty_holder_id" = issued."holder_id"
  FROM (SELECT DISTINCT ON (t2."operation_id") t2."operation_id", c2."holder_id"
          FROM "share_transaction" t2 JOIN "certificate" c2 ON c2."id" = t2."certificate_id"
         WHERE t2."type" = 'Issued: transfer'
         ORDER BY t2."operation_id", t2."transaction_order") issued
 WHERE t."type" = 'Transferred' AND issued."operation_id" = t."operation_id";--> statement-breakpoint
ALTER TABLE "share_transaction" ENABLE TRIGGER "share_transaction_append_only";--> statement-breakpoint
ALTER TABLE "share_transaction" ADD CONSTRAINT "share_transaction_counterparty_holder_id_shareholder_id_fk" FOREIGN KEY ("counterparty_holder_id") REFERENCES "public"."shareholder"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_transaction" ADD CONSTRAINT "share_transaction_counterparty_check" CHECK (("share_transaction"."type" in ('Transferred', 'Issued: transfer')) = ("share_transaction"."counterparty_holder_id" is not null));
