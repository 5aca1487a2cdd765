CREATE TABLE "material_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"code" text,
	"names" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "material_groups_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"group_id" integer NOT NULL,
	"unit_code" text NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tracks_inventories" boolean DEFAULT false NOT NULL,
	"min_level" numeric(14, 3),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "materials_min_level_check" CHECK ("materials"."min_level" is null or "materials"."min_level" >= 0)
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"location_id" integer,
	"keeper_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_count_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"inventory_number" text NOT NULL,
	"inventory_id" integer,
	"scanned_by_id" integer,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_count_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	"operation_ids" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"material_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"quantity" numeric(14, 3) DEFAULT 0 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_levels_material_id_warehouse_id_pk" PRIMARY KEY("material_id","warehouse_id"),
	CONSTRAINT "stock_levels_quantity_check" CHECK ("stock_levels"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"operation_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"operation_date" timestamp with time zone NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"value" bigint NOT NULL,
	"balance_quantity" numeric(14, 3) NOT NULL,
	"balance_value" bigint NOT NULL,
	"valuation" text NOT NULL,
	"pair_id" integer,
	CONSTRAINT "stock_movements_balance_check" CHECK ("stock_movements"."balance_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_number_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_operation_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"operation_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"material_id" integer NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_cost" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"inventory_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "stock_operation_lines_quantity_check" CHECK ("stock_operation_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"operation_date" timestamp with time zone NOT NULL,
	"warehouse_id" integer NOT NULL,
	"to_warehouse_id" integer,
	"vendor_id" integer,
	"vendor_invoice_ref" text,
	"recipient_user_id" integer,
	"recipient_location_id" integer,
	"reason" text,
	"comment" text,
	"reverses_id" integer,
	"reversed_by_id" integer,
	"source" text,
	"posted_by_id" integer,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_snapshots" (
	"month" text NOT NULL,
	"material_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "stock_snapshots_month_material_id_warehouse_id_pk" PRIMARY KEY("month","material_id","warehouse_id")
);
--> statement-breakpoint
CREATE TABLE "inventories" (
	"id" serial PRIMARY KEY NOT NULL,
	"inventory_number" text NOT NULL,
	"material_id" integer NOT NULL,
	"serial" text,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'inStock' NOT NULL,
	"warehouse_id" integer,
	"holder_id" integer,
	"location_id" integer,
	"unit_cost" bigint DEFAULT 0 NOT NULL,
	"receipt_operation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "material_groups" ADD CONSTRAINT "material_groups_parent_id_material_groups_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."material_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_group_id_material_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."material_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_keeper_id_users_id_fk" FOREIGN KEY ("keeper_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_scans" ADD CONSTRAINT "stock_count_scans_session_id_stock_count_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."stock_count_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_scans" ADD CONSTRAINT "stock_count_scans_scanned_by_id_users_id_fk" FOREIGN KEY ("scanned_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_sessions" ADD CONSTRAINT "stock_count_sessions_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_sessions" ADD CONSTRAINT "stock_count_sessions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_operation_id_stock_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."stock_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_line_id_stock_operation_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."stock_operation_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_pair_id_stock_movements_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."stock_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_operation_lines" ADD CONSTRAINT "stock_operation_lines_operation_id_stock_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."stock_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_operation_lines" ADD CONSTRAINT "stock_operation_lines_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_operations" ADD CONSTRAINT "stock_operations_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_operations" ADD CONSTRAINT "stock_operations_to_warehouse_id_warehouses_id_fk" FOREIGN KEY ("to_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_operations" ADD CONSTRAINT "stock_operations_vendor_id_modal_elements_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."modal_elements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_operations" ADD CONSTRAINT "stock_operations_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_operations" ADD CONSTRAINT "stock_operations_recipient_location_id_locations_id_fk" FOREIGN KEY ("recipient_location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_operations" ADD CONSTRAINT "stock_operations_reverses_id_stock_operations_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."stock_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_operations" ADD CONSTRAINT "stock_operations_reversed_by_id_stock_operations_id_fk" FOREIGN KEY ("reversed_by_id") REFERENCES "public"."stock_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_operations" ADD CONSTRAINT "stock_operations_posted_by_id_users_id_fk" FOREIGN KEY ("posted_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_snapshots" ADD CONSTRAINT "stock_snapshots_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_snapshots" ADD CONSTRAINT "stock_snapshots_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_receipt_operation_id_stock_operations_id_fk" FOREIGN KEY ("receipt_operation_id") REFERENCES "public"."stock_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_groups_parent_idx" ON "material_groups" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "materials_code_lower_idx" ON "materials" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "materials_group_idx" ON "materials" USING btree ("group_id","code");--> statement-breakpoint
CREATE INDEX "materials_name_trgm_idx" ON "materials" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "materials_code_trgm_idx" ON "materials" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_name_lower_idx" ON "warehouses" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "warehouses_keeper_idx" ON "warehouses" USING btree ("keeper_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_count_scans_session_number_idx" ON "stock_count_scans" USING btree ("session_id","inventory_number");--> statement-breakpoint
CREATE INDEX "stock_count_sessions_warehouse_idx" ON "stock_count_sessions" USING btree ("warehouse_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_levels_warehouse_idx" ON "stock_levels" USING btree ("warehouse_id","material_id");--> statement-breakpoint
CREATE INDEX "stock_movements_pair_idx" ON "stock_movements" USING btree ("pair_id");--> statement-breakpoint
CREATE INDEX "stock_movements_material_wh_date_idx" ON "stock_movements" USING btree ("material_id","warehouse_id","operation_date","id");--> statement-breakpoint
CREATE INDEX "stock_movements_material_date_idx" ON "stock_movements" USING btree ("material_id","operation_date","id");--> statement-breakpoint
CREATE INDEX "stock_movements_operation_idx" ON "stock_movements" USING btree ("operation_id");--> statement-breakpoint
CREATE INDEX "stock_operation_lines_operation_idx" ON "stock_operation_lines" USING btree ("operation_id","line_no");--> statement-breakpoint
CREATE INDEX "stock_operation_lines_material_idx" ON "stock_operation_lines" USING btree ("material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_operations_number_idx" ON "stock_operations" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_operations_year_seq_idx" ON "stock_operations" USING btree ("year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_operations_reverses_idx" ON "stock_operations" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "stock_operations_date_idx" ON "stock_operations" USING btree ("operation_date","id");--> statement-breakpoint
CREATE INDEX "stock_operations_warehouse_date_idx" ON "stock_operations" USING btree ("warehouse_id","operation_date");--> statement-breakpoint
CREATE INDEX "stock_operations_source_idx" ON "stock_operations" USING btree ("source");--> statement-breakpoint
CREATE UNIQUE INDEX "inventories_number_idx" ON "inventories" USING btree ("inventory_number");--> statement-breakpoint
CREATE INDEX "inventories_material_idx" ON "inventories" USING btree ("material_id","status");--> statement-breakpoint
CREATE INDEX "inventories_warehouse_idx" ON "inventories" USING btree ("warehouse_id","status");--> statement-breakpoint
CREATE INDEX "inventories_holder_idx" ON "inventories" USING btree ("holder_id");