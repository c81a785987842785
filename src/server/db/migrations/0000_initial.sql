CREATE TABLE "audit_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"actor_user_id" text,
	"actor_holder_id" uuid,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"operation_id" uuid,
	"request_id" text,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"holder_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"effective_date" date NOT NULL,
	"origin_certificate_id" uuid,
	"balance" numeric(20, 2) DEFAULT '0' NOT NULL,
	"cost" numeric(20, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_balance_nonneg" CHECK ("certificate"."balance" >= 0),
	CONSTRAINT "certificate_cost_nonneg" CHECK ("certificate"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_key" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "idempotency_key_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_operation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"type" text NOT NULL,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_id" text,
	"idempotency_key" text,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "organization" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"legal_name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"next_certificate_number" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_class" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"class_type" text NOT NULL,
	"prefix" text NOT NULL,
	"authorized_shares" numeric(20, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_class_type_valid" CHECK ("share_class"."class_type" in ('common', 'preferred'))
);
--> statement-breakpoint
CREATE TABLE "share_transaction" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_order" bigserial NOT NULL,
	"operation_id" uuid NOT NULL,
	"certificate_id" uuid NOT NULL,
	"preferred" boolean NOT NULL,
	"origin_certificate_id" uuid,
	"shares" numeric(20, 2) NOT NULL,
	"type" text NOT NULL,
	"date" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"cost" numeric(20, 2) DEFAULT '0' NOT NULL,
	"reason" text,
	"recorded_by" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_transaction_transaction_order_unique" UNIQUE("transaction_order"),
	CONSTRAINT "share_transaction_shares_nonzero" CHECK ("share_transaction"."shares" <> 0),
	CONSTRAINT "share_transaction_cost_nonneg" CHECK ("share_transaction"."cost" >= 0),
	CONSTRAINT "share_transaction_type_valid" CHECK (type in ('Issued', 'Issued: transfer', 'Issued: preferred', 'Transferred', 'Converted To Preferred', 'Cancelled'))
);
--> statement-breakpoint
CREATE TABLE "shareholder" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"email" text,
	"state" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"cellphone_number" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"common_shares" numeric(20, 2) DEFAULT '0' NOT NULL,
	"preferred_shares" numeric(20, 2) DEFAULT '0' NOT NULL,
	"balance" numeric(20, 2) DEFAULT '0' NOT NULL,
	"held_cost" numeric(30, 4) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shareholder_common_nonneg" CHECK ("shareholder"."common_shares" >= 0),
	CONSTRAINT "shareholder_preferred_nonneg" CHECK ("shareholder"."preferred_shares" >= 0),
	CONSTRAINT "shareholder_balance_sum" CHECK ("shareholder"."balance" = "shareholder"."common_shares" + "shareholder"."preferred_shares"),
	CONSTRAINT "shareholder_zip_digits" CHECK ("shareholder"."zip_code" ~ '^[0-9]*$')
);
--> statement-breakpoint
CREATE TABLE "auth_account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_login_failure" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "auth_rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "auth_refresh_token" (
	"id" text PRIMARY KEY NOT NULL,
	"family_id" text NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"session_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"family_expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_refresh_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "auth_session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"kind" text,
	CONSTRAINT "auth_session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "auth_user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "auth_verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_entry" ADD CONSTRAINT "audit_entry_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_entry" ADD CONSTRAINT "audit_entry_operation_id_ledger_operation_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."ledger_operation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_holder_id_shareholder_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."shareholder"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_class_id_share_class_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."share_class"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate" ADD CONSTRAINT "certificate_origin_certificate_id_certificate_id_fk" FOREIGN KEY ("origin_certificate_id") REFERENCES "public"."certificate"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_operation" ADD CONSTRAINT "ledger_operation_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_class" ADD CONSTRAINT "share_class_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_transaction" ADD CONSTRAINT "share_transaction_operation_id_ledger_operation_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."ledger_operation"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_transaction" ADD CONSTRAINT "share_transaction_certificate_id_certificate_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificate"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_transaction" ADD CONSTRAINT "share_transaction_origin_certificate_id_certificate_id_fk" FOREIGN KEY ("origin_certificate_id") REFERENCES "public"."certificate"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shareholder" ADD CONSTRAINT "shareholder_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_account" ADD CONSTRAINT "auth_account_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_refresh_token" ADD CONSTRAINT "auth_refresh_token_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_session" ADD CONSTRAINT "auth_session_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entry_entity_idx" ON "audit_entry" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_entry_operation_idx" ON "audit_entry" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "audit_entry_created_idx" ON "audit_entry" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_org_number_unique" ON "certificate" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "certificate_holder_idx" ON "certificate" USING btree ("holder_id","number");--> statement-breakpoint
CREATE INDEX "certificate_origin_idx" ON "certificate" USING btree ("origin_certificate_id");--> statement-breakpoint
CREATE INDEX "idempotency_created_idx" ON "idempotency_key" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "share_class_org_type_unique" ON "share_class" USING btree ("organization_id","class_type");--> statement-breakpoint
CREATE INDEX "share_transaction_certificate_idx" ON "share_transaction" USING btree ("certificate_id","date","transaction_order");--> statement-breakpoint
CREATE INDEX "share_transaction_operation_idx" ON "share_transaction" USING btree ("operation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shareholder_org_email_unique" ON "shareholder" USING btree ("organization_id",lower("email"));--> statement-breakpoint
CREATE INDEX "shareholder_org_balance_idx" ON "shareholder" USING btree ("organization_id","balance","id");--> statement-breakpoint
CREATE INDEX "shareholder_org_name_idx" ON "shareholder" USING btree ("organization_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "auth_account_user_idx" ON "auth_account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_login_failure_email_idx" ON "auth_login_failure" USING btree ("email","failed_at");--> statement-breakpoint
CREATE INDEX "auth_refresh_token_family_idx" ON "auth_refresh_token" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "auth_session_user_idx" ON "auth_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_verification_identifier_idx" ON "auth_verification" USING btree ("identifier");