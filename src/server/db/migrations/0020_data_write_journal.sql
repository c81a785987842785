-- The undo journal of the data-layer writes PGlite runs in several transactions (db/sliced-write.ts).
CREATE TABLE "data_write_journal" (
	"write_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"table_name" text NOT NULL,
	"ids" jsonb NOT NULL,
	"before" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_write_journal_write_id_step_pk" PRIMARY KEY("write_id","step")
);
