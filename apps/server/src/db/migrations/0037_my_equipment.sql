ALTER TABLE "equipment_request_lines" ADD COLUMN "purchase_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "equipment_request_lines" ADD COLUMN "receipt_operation_id" integer;--> statement-breakpoint
ALTER TABLE "equipment_request_lines" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "equipment_request_lines" ADD CONSTRAINT "equipment_request_lines_receipt_operation_id_stock_operations_id_fk" FOREIGN KEY ("receipt_operation_id") REFERENCES "public"."stock_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equipment_request_lines_purchase_idx" ON "equipment_request_lines" USING btree ("decision", "purchase_marked_at") WHERE "decision" = 'purchase';--> statement-breakpoint
CREATE TABLE "inventory_facts" (
	"inventory_id" integer PRIMARY KEY NOT NULL,
	"model" text,
	"manufacturer" text,
	"purchase_date" date,
	"purchase_price" bigint,
	"purchase_currency" text DEFAULT 'AZN' NOT NULL,
	"warranty_end" date,
	"supplier" text,
	"warranty_notified_at" timestamp with time zone,
	"confirmed_by_id" integer,
	"confirmed_at" timestamp with time zone,
	"return_requested_by_id" integer,
	"return_requested_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_facts" ADD CONSTRAINT "inventory_facts_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_facts" ADD CONSTRAINT "inventory_facts_confirmed_by_id_users_id_fk" FOREIGN KEY ("confirmed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_facts" ADD CONSTRAINT "inventory_facts_return_requested_by_id_users_id_fk" FOREIGN KEY ("return_requested_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_facts_warranty_idx" ON "inventory_facts" USING btree ("warranty_end") WHERE "warranty_notified_at" IS NULL;--> statement-breakpoint
CREATE TABLE "inventory_helpdesk_links" (
	"inventory_id" integer NOT NULL,
	"helpdesk_request_id" integer NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_helpdesk_links_pk" PRIMARY KEY("inventory_id","helpdesk_request_id")
);
--> statement-breakpoint
ALTER TABLE "inventory_helpdesk_links" ADD CONSTRAINT "inventory_helpdesk_links_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_helpdesk_links" ADD CONSTRAINT "inventory_helpdesk_links_helpdesk_request_id_helpdesk_requests_id_fk" FOREIGN KEY ("helpdesk_request_id") REFERENCES "public"."helpdesk_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_helpdesk_links" ADD CONSTRAINT "inventory_helpdesk_links_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_helpdesk_links_request_idx" ON "inventory_helpdesk_links" USING btree ("helpdesk_request_id");
