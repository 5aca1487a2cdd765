-- My approvals from one index (issue #12 bench): each approver slot carries its record
-- (approval_id) and, while it waits for its approver, since when (pending_since); the engine keeps
-- them (lib/approvals/waiting.ts syncWaiting). Existing slots are filled here by the same rule.
-- The index comes before the updates: built after them in this transaction, PostgreSQL would
-- keep it unused until every transaction older than this one ended (pg_index.indcheckxmin).
ALTER TABLE "approval_step_approvers" ADD COLUMN "approval_id" integer;--> statement-breakpoint
ALTER TABLE "approval_step_approvers" ADD COLUMN "pending_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "approval_records_author_idx" ON "approval_records" USING btree ("author_id","status");--> statement-breakpoint
CREATE INDEX "approval_step_approvers_waiting_idx" ON "approval_step_approvers" USING btree ("user_id","pending_since" DESC NULLS LAST,"approval_id" DESC NULLS LAST,"step_id") WHERE "approval_step_approvers"."pending_since" is not null;--> statement-breakpoint
UPDATE "approval_step_approvers" a SET "approval_id" = s."approval_id" FROM "approval_steps" s WHERE s."id" = a."step_id";--> statement-breakpoint
ALTER TABLE "approval_step_approvers" ALTER COLUMN "approval_id" SET NOT NULL;--> statement-breakpoint
UPDATE "approval_step_approvers" a SET "pending_since" = coalesce(s."activated_at", r."updated_at")
FROM "approval_steps" s JOIN "approval_records" r ON r."id" = s."approval_id"
WHERE s."id" = a."step_id" AND a."decision" IS NULL AND s."status" = 'PENDING' AND r."status" = 'IN_APPROVAL'
  AND r."round" = s."round" AND a."user_id" <> r."author_id";--> statement-breakpoint
-- The planner's figures for the new column (else it takes every slot for a waiting one).
ANALYZE "approval_step_approvers";
