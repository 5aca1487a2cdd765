CREATE TABLE "approval_delegations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"substitute_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text,
	"created_by_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "approval_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"status" text NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"author_id" integer NOT NULL,
	"title" text NOT NULL,
	"number" text,
	"url" text,
	"group_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_step_approvers" (
	"step_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"decision" text,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	"comment" text,
	CONSTRAINT "approval_step_approvers_step_id_user_id_pk" PRIMARY KEY("step_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "approval_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"approval_id" integer NOT NULL,
	"round" integer NOT NULL,
	"position" integer NOT NULL,
	"role" text,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"activated_at" timestamp with time zone,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_substitute_id_users_id_fk" FOREIGN KEY ("substitute_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_records" ADD CONSTRAINT "approval_records_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_step_approvers" ADD CONSTRAINT "approval_step_approvers_step_id_approval_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."approval_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_step_approvers" ADD CONSTRAINT "approval_step_approvers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_step_approvers" ADD CONSTRAINT "approval_step_approvers_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_approval_id_approval_records_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approval_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_delegations_user_idx" ON "approval_delegations" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "approval_delegations_substitute_idx" ON "approval_delegations" USING btree ("substitute_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_records_record_idx" ON "approval_records" USING btree ("record_kind","record_id");--> statement-breakpoint
CREATE INDEX "approval_records_status_idx" ON "approval_records" USING btree ("status");--> statement-breakpoint
CREATE INDEX "approval_step_approvers_user_idx" ON "approval_step_approvers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_steps_position_idx" ON "approval_steps" USING btree ("approval_id","round","position");--> statement-breakpoint
CREATE INDEX "approval_steps_status_idx" ON "approval_steps" USING btree ("status");