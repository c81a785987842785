CREATE TABLE "import_ref" (
	"organization_id" uuid NOT NULL,
	"source" text NOT NULL,
	"object_name" text NOT NULL,
	"external_id" text NOT NULL,
	"local_id" uuid NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_ref_organization_id_source_object_name_external_id_pk" PRIMARY KEY("organization_id","source","object_name","external_id")
);
--> statement-breakpoint
ALTER TABLE "import_ref" ADD CONSTRAINT "import_ref_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE no action ON UPDATE no action;