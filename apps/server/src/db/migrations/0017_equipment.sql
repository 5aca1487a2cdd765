CREATE TABLE "record_number_counters" (
	"scope" text NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "record_number_counters_scope_year_pk" PRIMARY KEY("scope","year")
);
--> statement-breakpoint
CREATE TABLE "equipment_budgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"year" integer NOT NULL,
	"category" text NOT NULL,
	"currency" text DEFAULT 'AZN' NOT NULL,
	"planned" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "equipment_request_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"position" integer NOT NULL,
	"material_id" integer,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text NOT NULL,
	"unit_price" bigint NOT NULL,
	"decision" text,
	"decision_note" text,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	"warehouse_id" integer,
	"stock_operation_id" integer
);
--> statement-breakpoint
CREATE TABLE "equipment_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"requester_id" integer NOT NULL,
	"created_by_id" integer NOT NULL,
	"group_id" integer,
	"budget_id" integer,
	"justification" text NOT NULL,
	"currency" text DEFAULT 'AZN' NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "equipment_budgets" ADD CONSTRAINT "equipment_budgets_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_request_lines" ADD CONSTRAINT "equipment_request_lines_request_id_equipment_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."equipment_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_request_lines" ADD CONSTRAINT "equipment_request_lines_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_request_lines" ADD CONSTRAINT "equipment_request_lines_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_request_lines" ADD CONSTRAINT "equipment_request_lines_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_request_lines" ADD CONSTRAINT "equipment_request_lines_stock_operation_id_stock_operations_id_fk" FOREIGN KEY ("stock_operation_id") REFERENCES "public"."stock_operations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_requests" ADD CONSTRAINT "equipment_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_requests" ADD CONSTRAINT "equipment_requests_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_requests" ADD CONSTRAINT "equipment_requests_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "equipment_requests" ADD CONSTRAINT "equipment_requests_budget_id_equipment_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."equipment_budgets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_budgets_line_idx" ON "equipment_budgets" USING btree ("group_id","year","category");--> statement-breakpoint
CREATE INDEX "equipment_budgets_year_idx" ON "equipment_budgets" USING btree ("year");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_request_lines_position_idx" ON "equipment_request_lines" USING btree ("request_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_requests_number_idx" ON "equipment_requests" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_requests_year_seq_idx" ON "equipment_requests" USING btree ("year","seq");--> statement-breakpoint
CREATE INDEX "equipment_requests_created_idx" ON "equipment_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "equipment_requests_requester_created_idx" ON "equipment_requests" USING btree ("requester_id","created_at");--> statement-breakpoint
CREATE INDEX "equipment_requests_creator_created_idx" ON "equipment_requests" USING btree ("created_by_id","created_at");--> statement-breakpoint
CREATE INDEX "equipment_requests_status_created_idx" ON "equipment_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "equipment_requests_budget_status_idx" ON "equipment_requests" USING btree ("budget_id","status");--> statement-breakpoint
CREATE INDEX "equipment_requests_number_trgm_idx" ON "equipment_requests" USING gin ("number" gin_trgm_ops);