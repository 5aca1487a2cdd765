CREATE TABLE "helpdesk_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text,
	"names" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpdesk_categories_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "helpdesk_components" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"code" text,
	"names" jsonb NOT NULL,
	"group_id" integer NOT NULL,
	"requires_approval" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpdesk_components_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "helpdesk_priorities" (
	"code" text PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"target_minutes" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helpdesk_number_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helpdesk_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category_id" integer NOT NULL,
	"component_id" integer NOT NULL,
	"priority" text NOT NULL,
	"requester_id" integer NOT NULL,
	"location_id" integer,
	"group_id" integer NOT NULL,
	"assignee_id" integer,
	"status" text DEFAULT 'NEW' NOT NULL,
	"hold_reason" text,
	"due_at" timestamp with time zone NOT NULL,
	"on_hold_since" timestamp with time zone,
	"held_ms" bigint DEFAULT 0 NOT NULL,
	"solution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "helpdesk_request_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" integer,
	"comment" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helpdesk_request_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "helpdesk_components" ADD CONSTRAINT "helpdesk_components_category_id_helpdesk_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."helpdesk_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_components" ADD CONSTRAINT "helpdesk_components_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_requests" ADD CONSTRAINT "helpdesk_requests_category_id_helpdesk_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."helpdesk_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_requests" ADD CONSTRAINT "helpdesk_requests_component_id_helpdesk_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."helpdesk_components"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_requests" ADD CONSTRAINT "helpdesk_requests_priority_helpdesk_priorities_code_fk" FOREIGN KEY ("priority") REFERENCES "public"."helpdesk_priorities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_requests" ADD CONSTRAINT "helpdesk_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_requests" ADD CONSTRAINT "helpdesk_requests_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_requests" ADD CONSTRAINT "helpdesk_requests_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_requests" ADD CONSTRAINT "helpdesk_requests_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_request_history" ADD CONSTRAINT "helpdesk_request_history_request_id_helpdesk_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."helpdesk_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_request_history" ADD CONSTRAINT "helpdesk_request_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_request_comments" ADD CONSTRAINT "helpdesk_request_comments_request_id_helpdesk_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."helpdesk_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_request_comments" ADD CONSTRAINT "helpdesk_request_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "helpdesk_components_category_idx" ON "helpdesk_components" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "helpdesk_requests_number_idx" ON "helpdesk_requests" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "helpdesk_requests_year_seq_idx" ON "helpdesk_requests" USING btree ("year","seq");--> statement-breakpoint
CREATE INDEX "helpdesk_requests_created_idx" ON "helpdesk_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "helpdesk_requests_requester_created_idx" ON "helpdesk_requests" USING btree ("requester_id","created_at");--> statement-breakpoint
CREATE INDEX "helpdesk_requests_assignee_created_idx" ON "helpdesk_requests" USING btree ("assignee_id","created_at");--> statement-breakpoint
CREATE INDEX "helpdesk_requests_group_created_idx" ON "helpdesk_requests" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "helpdesk_requests_status_created_idx" ON "helpdesk_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "helpdesk_requests_resolved_idx" ON "helpdesk_requests" USING btree ("resolved_at") WHERE "helpdesk_requests"."status" = 'RESOLVED';--> statement-breakpoint
CREATE INDEX "helpdesk_request_history_request_idx" ON "helpdesk_request_history" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "helpdesk_request_comments_request_idx" ON "helpdesk_request_comments" USING btree ("request_id","id");