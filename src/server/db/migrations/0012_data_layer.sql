CREATE TABLE "data_account" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"account_type" text DEFAULT 'prospect' NOT NULL,
	"industry" text,
	"annual_revenue" numeric(20, 2),
	"employee_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_account_tenant_id_unique" UNIQUE("tenant_id","id"),
	CONSTRAINT "data_account_account_type_check" CHECK ("data_account"."account_type" in ('customer', 'prospect')),
	CONSTRAINT "data_account_annual_revenue_check" CHECK ("data_account"."annual_revenue" >= 0),
	CONSTRAINT "data_account_employee_count_check" CHECK ("data_account"."employee_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "data_contact" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"account_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text,
	"email" text,
	"phone" text,
	"title" text,
	"department" text,
	"notes" text,
	"status" text DEFAULT 'active' NOT NULL,
	"preferred_contact_method" text,
	"birth_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_contact_tenant_id_unique" UNIQUE("tenant_id","id"),
	CONSTRAINT "data_contact_status_check" CHECK ("data_contact"."status" in ('active', 'do_not_contact'))
);
--> statement-breakpoint
CREATE TABLE "data_lead" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"contact_id" uuid,
	"account_id" uuid,
	"status" text DEFAULT 'new' NOT NULL,
	"source" text,
	"value" numeric(20, 2),
	"assigned_to" text,
	"expected_close_date" date,
	"description" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_lead_status_check" CHECK ("data_lead"."status" in ('new', 'contacted', 'qualified', 'proposal', 'negotiation', 'closed_won', 'closed_lost')),
	CONSTRAINT "data_lead_value_check" CHECK ("data_lead"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "data_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"account_id" uuid,
	"contact_id" uuid,
	"order_number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"total_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"order_date" date DEFAULT current_date NOT NULL,
	"ship_date" date,
	"delivery_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_order_status_check" CHECK ("data_order"."status" in ('pending', 'confirmed', 'shipped', 'delivered', 'cancelled')),
	CONSTRAINT "data_order_payment_status_check" CHECK ("data_order"."payment_status" in ('pending', 'paid')),
	CONSTRAINT "data_order_total_amount_check" CHECK ("data_order"."total_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "data_pet" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"owner_contact_id" uuid,
	"name" text NOT NULL,
	"species" text,
	"breed" text,
	"status" text DEFAULT 'active' NOT NULL,
	"microchip_number" text,
	"birth_date" date,
	"weight" numeric(20, 2),
	"medical_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_pet_tenant_id_unique" UNIQUE("tenant_id","id"),
	CONSTRAINT "data_pet_status_check" CHECK ("data_pet"."status" in ('active', 'deceased', 'transferred')),
	CONSTRAINT "data_pet_weight_check" CHECK ("data_pet"."weight" >= 0)
);
--> statement-breakpoint
CREATE TABLE "data_product" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"product_line_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"sku" text,
	"type" text,
	"category" text,
	"status" text DEFAULT 'active' NOT NULL,
	"price" numeric(20, 2) DEFAULT '0' NOT NULL,
	"cost" numeric(20, 2),
	"inventory_tracked" boolean DEFAULT true NOT NULL,
	"current_stock" integer DEFAULT 0 NOT NULL,
	"min_stock_level" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_product_status_check" CHECK ("data_product"."status" in ('active', 'discontinued')),
	CONSTRAINT "data_product_price_check" CHECK ("data_product"."price" >= 0),
	CONSTRAINT "data_product_cost_check" CHECK ("data_product"."cost" >= 0),
	CONSTRAINT "data_product_current_stock_check" CHECK ("data_product"."current_stock" >= 0),
	CONSTRAINT "data_product_min_stock_level_check" CHECK ("data_product"."min_stock_level" >= 0)
);
--> statement-breakpoint
CREATE TABLE "data_product_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_product_line_tenant_id_unique" UNIQUE("tenant_id","id"),
	CONSTRAINT "data_product_line_status_check" CHECK ("data_product_line"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "data_tenant" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"tenant_key" text NOT NULL,
	"name" text NOT NULL,
	"business_type" text,
	"status" text DEFAULT 'active' NOT NULL,
	"subscription_tier" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_tenant_organization_id_unique" UNIQUE("organization_id","id"),
	CONSTRAINT "data_tenant_status_check" CHECK ("data_tenant"."status" in ('active', 'trial', 'suspended'))
);
--> statement-breakpoint
CREATE TABLE "data_visit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"contact_id" uuid,
	"pet_id" uuid,
	"visit_type" text,
	"visit_date" date DEFAULT current_date NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"chief_complaint" text,
	"diagnosis" text,
	"treatment" text,
	"notes" text,
	"total_cost" numeric(20, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_visit_status_check" CHECK ("data_visit"."status" in ('scheduled', 'completed', 'cancelled', 'no_show')),
	CONSTRAINT "data_visit_total_cost_check" CHECK ("data_visit"."total_cost" >= 0)
);
--> statement-breakpoint
ALTER TABLE "data_account" ADD CONSTRAINT "data_account_tenant_id_fk" FOREIGN KEY ("organization_id","tenant_id") REFERENCES "public"."data_tenant"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_contact" ADD CONSTRAINT "data_contact_tenant_id_fk" FOREIGN KEY ("organization_id","tenant_id") REFERENCES "public"."data_tenant"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_contact" ADD CONSTRAINT "data_contact_account_id_fk" FOREIGN KEY ("tenant_id","account_id") REFERENCES "public"."data_account"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_lead" ADD CONSTRAINT "data_lead_tenant_id_fk" FOREIGN KEY ("organization_id","tenant_id") REFERENCES "public"."data_tenant"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_lead" ADD CONSTRAINT "data_lead_contact_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."data_contact"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_lead" ADD CONSTRAINT "data_lead_account_id_fk" FOREIGN KEY ("tenant_id","account_id") REFERENCES "public"."data_account"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_order" ADD CONSTRAINT "data_order_tenant_id_fk" FOREIGN KEY ("organization_id","tenant_id") REFERENCES "public"."data_tenant"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_order" ADD CONSTRAINT "data_order_account_id_fk" FOREIGN KEY ("tenant_id","account_id") REFERENCES "public"."data_account"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_order" ADD CONSTRAINT "data_order_contact_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."data_contact"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_pet" ADD CONSTRAINT "data_pet_tenant_id_fk" FOREIGN KEY ("organization_id","tenant_id") REFERENCES "public"."data_tenant"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_pet" ADD CONSTRAINT "data_pet_owner_contact_id_fk" FOREIGN KEY ("tenant_id","owner_contact_id") REFERENCES "public"."data_contact"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_product" ADD CONSTRAINT "data_product_tenant_id_fk" FOREIGN KEY ("organization_id","tenant_id") REFERENCES "public"."data_tenant"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_product" ADD CONSTRAINT "data_product_product_line_id_fk" FOREIGN KEY ("tenant_id","product_line_id") REFERENCES "public"."data_product_line"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_product_line" ADD CONSTRAINT "data_product_line_tenant_id_fk" FOREIGN KEY ("organization_id","tenant_id") REFERENCES "public"."data_tenant"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_tenant" ADD CONSTRAINT "data_tenant_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_visit" ADD CONSTRAINT "data_visit_tenant_id_fk" FOREIGN KEY ("organization_id","tenant_id") REFERENCES "public"."data_tenant"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_visit" ADD CONSTRAINT "data_visit_contact_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."data_contact"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_visit" ADD CONSTRAINT "data_visit_pet_id_fk" FOREIGN KEY ("tenant_id","pet_id") REFERENCES "public"."data_pet"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_account_created_idx" ON "data_account" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "data_contact_account_idx" ON "data_contact" USING btree ("tenant_id","account_id");--> statement-breakpoint
CREATE INDEX "data_contact_created_idx" ON "data_contact" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "data_contact_last_name_idx" ON "data_contact" USING btree ("organization_id","last_name","id");--> statement-breakpoint
CREATE INDEX "data_lead_contact_idx" ON "data_lead" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "data_lead_account_idx" ON "data_lead" USING btree ("tenant_id","account_id");--> statement-breakpoint
CREATE INDEX "data_lead_created_idx" ON "data_lead" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_order_order_number_unique" ON "data_order" USING btree ("tenant_id","order_number");--> statement-breakpoint
CREATE INDEX "data_order_account_idx" ON "data_order" USING btree ("tenant_id","account_id");--> statement-breakpoint
CREATE INDEX "data_order_contact_idx" ON "data_order" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "data_order_created_idx" ON "data_order" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "data_order_date_idx" ON "data_order" USING btree ("organization_id","order_date");--> statement-breakpoint
CREATE INDEX "data_pet_owner_idx" ON "data_pet" USING btree ("tenant_id","owner_contact_id");--> statement-breakpoint
CREATE INDEX "data_pet_created_idx" ON "data_pet" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_product_sku_unique" ON "data_product" USING btree ("tenant_id","sku");--> statement-breakpoint
CREATE INDEX "data_product_product_line_idx" ON "data_product" USING btree ("tenant_id","product_line_id");--> statement-breakpoint
CREATE INDEX "data_product_created_idx" ON "data_product" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "data_product_line_created_idx" ON "data_product_line" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_tenant_tenant_key_unique" ON "data_tenant" USING btree ("organization_id","tenant_key");--> statement-breakpoint
CREATE INDEX "data_tenant_created_idx" ON "data_tenant" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "data_visit_contact_idx" ON "data_visit" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "data_visit_pet_idx" ON "data_visit" USING btree ("tenant_id","pet_id");--> statement-breakpoint
CREATE INDEX "data_visit_created_idx" ON "data_visit" USING btree ("organization_id","created_at");