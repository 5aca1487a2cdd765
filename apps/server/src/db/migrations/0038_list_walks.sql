-- Lists as index walks (issue #44): each help-desk grid order and scope is an index, so a page is a
-- walk of it (after the keyset cursor) instead of sorting every matching row. The last-update
-- order had none: each "newest update first" page sorted all matching rows.
CREATE INDEX IF NOT EXISTS "helpdesk_requests_updated_idx" ON "helpdesk_requests" USING btree ("updated_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "helpdesk_requests_open_updated_idx" ON "helpdesk_requests" USING btree ("updated_at", "id") WHERE "status" in ('NEW', 'APPROVED', 'IN_PROGRESS', 'ON_HOLD');--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "helpdesk_requests_due_idx" ON "helpdesk_requests" USING btree ("due_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "helpdesk_requests_title_idx" ON "helpdesk_requests" USING btree ("title", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "helpdesk_requests_requester_updated_idx" ON "helpdesk_requests" USING btree ("requester_id", "updated_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "helpdesk_requests_assignee_updated_idx" ON "helpdesk_requests" USING btree ("assignee_id", "updated_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "helpdesk_requests_group_updated_idx" ON "helpdesk_requests" USING btree ("group_id", "updated_at", "id");
