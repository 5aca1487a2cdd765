CREATE TABLE "record_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"actor_id" integer,
	"on_behalf_of_id" integer,
	"comment" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_watchers" (
	"record_kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"added_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_watchers_record_kind_record_id_user_id_pk" PRIMARY KEY("record_kind","record_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "record_history" ADD CONSTRAINT "record_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_history" ADD CONSTRAINT "record_history_on_behalf_of_id_users_id_fk" FOREIGN KEY ("on_behalf_of_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_comments" ADD CONSTRAINT "record_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_watchers" ADD CONSTRAINT "record_watchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_watchers" ADD CONSTRAINT "record_watchers_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_history_record_idx" ON "record_history" USING btree ("record_kind","record_id","id");--> statement-breakpoint
CREATE INDEX "record_comments_record_idx" ON "record_comments" USING btree ("record_kind","record_id","id");--> statement-breakpoint
CREATE INDEX "record_watchers_user_idx" ON "record_watchers" USING btree ("user_id","record_kind","record_id");--> statement-breakpoint
-- Hand-written (issue #11): help desk's history, comments and watchers move into the record
-- tables (kind 'helpdeskRequest'), keeping their ids (history and comments are read oldest first
-- by id), then the help-desk-only tables go.
INSERT INTO "record_history" ("id", "record_kind", "record_id", "action", "from_status", "to_status", "actor_id", "comment", "details", "created_at")
SELECT "id", 'helpdeskRequest', "request_id", "action", "from_status", "to_status", "actor_id", "comment", "details", "created_at" FROM "helpdesk_request_history";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('record_history', 'id'), coalesce((SELECT max("id") FROM "record_history"), 0) + 1, false);--> statement-breakpoint
INSERT INTO "record_comments" ("id", "record_kind", "record_id", "author_id", "text", "created_at")
SELECT "id", 'helpdeskRequest', "request_id", "author_id", "text", "created_at" FROM "helpdesk_request_comments";--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('record_comments', 'id'), coalesce((SELECT max("id") FROM "record_comments"), 0) + 1, false);--> statement-breakpoint
INSERT INTO "record_watchers" ("record_kind", "record_id", "user_id", "added_by", "created_at")
SELECT 'helpdeskRequest', "request_id", "user_id", "added_by", "created_at" FROM "helpdesk_request_watchers";--> statement-breakpoint
DROP TABLE "helpdesk_request_history" CASCADE;--> statement-breakpoint
DROP TABLE "helpdesk_request_comments" CASCADE;--> statement-breakpoint
DROP TABLE "helpdesk_request_watchers" CASCADE;
