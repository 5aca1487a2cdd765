ALTER TABLE "users" ADD COLUMN "directory_dn" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "directory_pinned" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_directory_dn_lower_idx" ON "users" USING btree (lower("directory_dn"));--> statement-breakpoint
CREATE TABLE "directory_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"trigger" text NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"deactivated" integer DEFAULT 0 NOT NULL,
	"reactivated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "directory_sync_runs" ADD CONSTRAINT "directory_sync_runs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_sync_runs_started_idx" ON "directory_sync_runs" USING btree ("started_at");
