ALTER TABLE "outbox" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "message_id" text;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_by" text;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "claimed_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "retry_history" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
UPDATE "outbox" SET "status" = 'sent' WHERE "sent_at" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_check" CHECK ("status" IN ('queued', 'sending', 'sent', 'failed'));
--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at", "id") WHERE "status" IN ('queued', 'sending');
--> statement-breakpoint
CREATE INDEX "outbox_status_idx" ON "outbox" USING btree ("status", "id");
