CREATE TABLE "debt_counterparties" (
	"id" integer PRIMARY KEY NOT NULL,
	"group_id" integer,
	"status" text DEFAULT 'normal' NOT NULL,
	"currency" text DEFAULT 'AZN' NOT NULL,
	"invoiced_minor" bigint DEFAULT 0 NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"last_entry_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "debt_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"counterparty_id" integer NOT NULL,
	"kind" text NOT NULL,
	"doc_number" text NOT NULL,
	"doc_date" date NOT NULL,
	"due_date" date,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"payment_type_id" integer,
	"external_key" text NOT NULL,
	"import_id" integer,
	"source_line" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "debt_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "debt_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"encoding" text NOT NULL,
	"total" integer NOT NULL,
	"created" integer NOT NULL,
	"changed" integer NOT NULL,
	"refused" integer NOT NULL,
	"imported_by" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "debt_payment_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wagon_sightings" (
	"id" serial PRIMARY KEY NOT NULL,
	"wagon_number" text NOT NULL,
	"station" text NOT NULL,
	"state" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"import_id" integer,
	"source_line" integer
);
--> statement-breakpoint
CREATE TABLE "wagons" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"station" text NOT NULL,
	"state" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"sightings" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "debt_counterparties" ADD CONSTRAINT "debt_counterparties_id_modal_elements_id_fk" FOREIGN KEY ("id") REFERENCES "public"."modal_elements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_counterparties" ADD CONSTRAINT "debt_counterparties_group_id_debt_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."debt_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_entries" ADD CONSTRAINT "debt_entries_counterparty_id_modal_elements_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."modal_elements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_entries" ADD CONSTRAINT "debt_entries_payment_type_id_debt_payment_types_id_fk" FOREIGN KEY ("payment_type_id") REFERENCES "public"."debt_payment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_entries" ADD CONSTRAINT "debt_entries_import_id_debt_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."debt_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_imports" ADD CONSTRAINT "debt_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wagon_sightings" ADD CONSTRAINT "wagon_sightings_import_id_debt_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."debt_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "debt_counterparties_group_idx" ON "debt_counterparties" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "debt_entries_external_key_idx" ON "debt_entries" USING btree ("external_key");--> statement-breakpoint
CREATE INDEX "debt_entries_counterparty_idx" ON "debt_entries" USING btree ("counterparty_id","doc_date");--> statement-breakpoint
CREATE UNIQUE INDEX "debt_groups_name_idx" ON "debt_groups" USING btree ("name");--> statement-breakpoint
CREATE INDEX "debt_imports_kind_idx" ON "debt_imports" USING btree ("kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "debt_payment_types_code_idx" ON "debt_payment_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "wagon_sightings_identity_idx" ON "wagon_sightings" USING btree ("wagon_number","seen_at","station");--> statement-breakpoint
CREATE INDEX "wagon_sightings_seen_idx" ON "wagon_sightings" USING btree ("seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wagons_number_idx" ON "wagons" USING btree ("number");--> statement-breakpoint
CREATE INDEX "wagons_seen_idx" ON "wagons" USING btree ("seen_at","id");