-- Counts as records (issue #40): a count session's scope (its warehouse, optionally a material
-- group with its subgroups), who posted or cancelled it and what its plan posted; quantity lines
-- (the counted quantity of a material not kept as inventories, against the book).
ALTER TABLE "stock_count_sessions" ADD COLUMN "material_group_id" integer REFERENCES "material_groups"("id");--> statement-breakpoint
ALTER TABLE "stock_count_sessions" ADD COLUMN "posted_by_id" integer REFERENCES "users"("id");--> statement-breakpoint
ALTER TABLE "stock_count_sessions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stock_count_sessions" ADD COLUMN "posted_plan" jsonb;--> statement-breakpoint
CREATE INDEX "stock_count_sessions_created_idx" ON "stock_count_sessions" USING btree ("created_at","id");--> statement-breakpoint
CREATE TABLE "stock_count_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL REFERENCES "stock_count_sessions"("id"),
	"material_id" integer NOT NULL REFERENCES "materials"("id"),
	"counted_quantity" numeric(14, 3) NOT NULL,
	"counted_by_id" integer REFERENCES "users"("id"),
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_count_lines_quantity_check" CHECK ("counted_quantity" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "stock_count_lines_session_material_idx" ON "stock_count_lines" USING btree ("session_id","material_id");
