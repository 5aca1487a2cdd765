CREATE TABLE "helpdesk_request_watchers" (
	"request_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"added_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpdesk_request_watchers_request_id_user_id_pk" PRIMARY KEY("request_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "helpdesk_request_watchers" ADD CONSTRAINT "helpdesk_request_watchers_request_id_helpdesk_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."helpdesk_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_request_watchers" ADD CONSTRAINT "helpdesk_request_watchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_request_watchers" ADD CONSTRAINT "helpdesk_request_watchers_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "helpdesk_request_watchers_user_idx" ON "helpdesk_request_watchers" USING btree ("user_id");