-- Inbound mail (issue #38): messages read from the help-desk mailbox, the once-a-day refusal of
-- unknown senders, the cluster-wide turn of jobs that hold it over network calls, and the
-- single-use decide-by-reply tokens (src/db/schema/inbound-mail.ts).
CREATE TABLE "inbound_mail" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_key" text NOT NULL,
	"message_id" text,
	"from_address" text NOT NULL,
	"from_name" text,
	"subject" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"size_bytes" integer,
	"status" text DEFAULT 'processing' NOT NULL,
	"outcome" text,
	"reason" text,
	"user_id" integer,
	"record_kind" text,
	"record_id" integer,
	"folder" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_mail_status_check" CHECK ("status" IN ('processing', 'processed', 'ignored', 'refused', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "inbound_mail" ADD CONSTRAINT "inbound_mail_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_mail_message_key_idx" ON "inbound_mail" USING btree ("message_key");
--> statement-breakpoint
CREATE INDEX "inbound_mail_status_idx" ON "inbound_mail" USING btree ("status", "id");
--> statement-breakpoint
CREATE INDEX "inbound_mail_message_id_idx" ON "inbound_mail" USING btree ("message_id");
--> statement-breakpoint
CREATE TABLE "inbound_mail_refusals" (
	"address" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_mail_refusals_address_day_pk" PRIMARY KEY("address", "day")
);
--> statement-breakpoint
CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_mail_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"approval_id" integer NOT NULL,
	"step_id" integer NOT NULL,
	"record_kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_inbound_id" integer
);
--> statement-breakpoint
ALTER TABLE "approval_mail_tokens" ADD CONSTRAINT "approval_mail_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "approval_mail_tokens_step_idx" ON "approval_mail_tokens" USING btree ("step_id", "user_id");
