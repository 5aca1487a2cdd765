CREATE TABLE "purchase_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"vendor_id" integer NOT NULL,
	"vendor_invoice_id" integer,
	"comment" text,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_request_lines" (
	"line_id" integer PRIMARY KEY NOT NULL,
	"purchase_request_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_vendor_id_modal_elements_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."modal_elements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_vendor_invoice_id_vendor_invoices_id_fk" FOREIGN KEY ("vendor_invoice_id") REFERENCES "public"."vendor_invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_request_lines" ADD CONSTRAINT "purchase_request_lines_line_id_equipment_request_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."equipment_request_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_request_lines" ADD CONSTRAINT "purchase_request_lines_purchase_request_id_purchase_requests_id_fk" FOREIGN KEY ("purchase_request_id") REFERENCES "public"."purchase_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_requests_number_idx" ON "purchase_requests" USING btree ("number");--> statement-breakpoint
CREATE INDEX "purchase_requests_invoice_idx" ON "purchase_requests" USING btree ("vendor_invoice_id");--> statement-breakpoint
CREATE INDEX "purchase_request_lines_request_idx" ON "purchase_request_lines" USING btree ("purchase_request_id");
