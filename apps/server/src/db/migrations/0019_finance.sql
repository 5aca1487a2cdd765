CREATE TABLE "vendor_invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"material_id" integer,
	"description" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"quantity" numeric(15, 3) NOT NULL,
	"unit_price" bigint NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"net" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"gross" bigint NOT NULL,
	"received_quantity" numeric(15, 3)
);
--> statement-breakpoint
CREATE TABLE "vendor_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"vendor_id" integer NOT NULL,
	"invoice_date" date NOT NULL,
	"currency" text DEFAULT 'AZN' NOT NULL,
	"order_id" integer,
	"order_code" text,
	"transport_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warehouse_id" integer,
	"budget_line_id" integer,
	"group_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"net_total" bigint DEFAULT 0 NOT NULL,
	"vat_total" bigint DEFAULT 0 NOT NULL,
	"gross_total" bigint DEFAULT 0 NOT NULL,
	"author_id" integer NOT NULL,
	"taken_by_id" integer,
	"taken_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"stock_operation_id" integer,
	"paid_date" date,
	"payment_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "e_invoice_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"invoice_count" integer NOT NULL,
	"created_count" integer NOT NULL,
	"imported_by_id" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "e_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"invoice_hash" text NOT NULL,
	"number" text NOT NULL,
	"issue_date" date NOT NULL,
	"seller_tin" text NOT NULL,
	"seller_name" text NOT NULL,
	"buyer_tin" text NOT NULL,
	"currency" text NOT NULL,
	"net_total" bigint NOT NULL,
	"vat_total" bigint NOT NULL,
	"gross_total" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"vendor_id" integer,
	"vendor_invoice_id" integer,
	"match_status" text NOT NULL,
	"differences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"imported_by_id" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_invoice_lines" ADD CONSTRAINT "vendor_invoice_lines_invoice_id_vendor_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."vendor_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_vendor_id_modal_elements_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."modal_elements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD CONSTRAINT "vendor_invoices_taken_by_id_users_id_fk" FOREIGN KEY ("taken_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoice_imports" ADD CONSTRAINT "e_invoice_imports_imported_by_id_users_id_fk" FOREIGN KEY ("imported_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_import_id_e_invoice_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."e_invoice_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_vendor_id_modal_elements_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."modal_elements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_vendor_invoice_id_vendor_invoices_id_fk" FOREIGN KEY ("vendor_invoice_id") REFERENCES "public"."vendor_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_imported_by_id_users_id_fk" FOREIGN KEY ("imported_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_invoice_lines_invoice_position_idx" ON "vendor_invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_invoices_vendor_number_idx" ON "vendor_invoices" USING btree ("vendor_id","number") WHERE "vendor_invoices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "vendor_invoices_created_idx" ON "vendor_invoices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "vendor_invoices_status_idx" ON "vendor_invoices" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "vendor_invoices_author_idx" ON "vendor_invoices" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "vendor_invoices_paid_idx" ON "vendor_invoices" USING btree ("paid_date");--> statement-breakpoint
CREATE UNIQUE INDEX "e_invoice_imports_file_hash_idx" ON "e_invoice_imports" USING btree ("file_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "e_invoices_invoice_hash_idx" ON "e_invoices" USING btree ("invoice_hash");--> statement-breakpoint
CREATE INDEX "e_invoices_imported_idx" ON "e_invoices" USING btree ("imported_at","id");--> statement-breakpoint
CREATE INDEX "e_invoices_vendor_invoice_idx" ON "e_invoices" USING btree ("vendor_invoice_id");