-- Every list of the foundation as index walks (issue #44, after 0038's help desk): each grid sort
-- and scope is a btree on its keyset keys (the last one unique, usually the id), so a page is a
-- walk of it after the keyset cursor instead of sorting every matching row. An index that only
-- lacked the id at its end is replaced by the same name with the id (it serves all it served).
-- stock: materials by group (a group's materials by code) and by creation; warehouses by name and creation;
-- operations by posting time and of a warehouse (from it, into it); units by update, status and holder.
DROP INDEX IF EXISTS "materials_group_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "materials_group_idx" ON "materials" USING btree ("group_id", "code", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "materials_created_idx" ON "materials" USING btree ("created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "warehouses_name_idx" ON "warehouses" USING btree ("name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "warehouses_created_idx" ON "warehouses" USING btree ("created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_operations_posted_idx" ON "stock_operations" USING btree ("posted_at", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "stock_operations_warehouse_date_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_operations_warehouse_date_idx" ON "stock_operations" USING btree ("warehouse_id", "operation_date", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_operations_to_warehouse_date_idx" ON "stock_operations" USING btree ("to_warehouse_id", "operation_date", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inventories_updated_idx" ON "inventories" USING btree ("updated_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inventories_status_idx" ON "inventories" USING btree ("status", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "inventories_holder_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "inventories_holder_idx" ON "inventories" USING btree ("holder_id", "inventory_number");--> statement-breakpoint
-- equipment requests: by last update and total; by status; a person's (as requester, as author).
CREATE INDEX IF NOT EXISTS "equipment_requests_updated_idx" ON "equipment_requests" USING btree ("updated_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "equipment_requests_total_idx" ON "equipment_requests" USING btree ("total", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "equipment_requests_status_created_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "equipment_requests_status_created_idx" ON "equipment_requests" USING btree ("status", "created_at", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "equipment_requests_requester_created_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "equipment_requests_requester_created_idx" ON "equipment_requests" USING btree ("requester_id", "created_at", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "equipment_requests_creator_created_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "equipment_requests_creator_created_idx" ON "equipment_requests" USING btree ("created_by_id", "created_at", "id");--> statement-breakpoint
-- documents: by title and by status; a folder's by update. The registry by registration and by number (year, kind, seq).
CREATE INDEX IF NOT EXISTS "documents_title_idx" ON "documents" USING btree ("title", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "documents_status_id_idx" ON "documents" USING btree ("status", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "documents_folder_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "documents_folder_idx" ON "documents" USING btree ("folder_id", "updated_at", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "registry_entries_created_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "registry_entries_created_idx" ON "registry_entries" USING btree ("created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "registry_entries_year_kind_seq_idx" ON "registry_entries" USING btree ("year", "kind", "seq");--> statement-breakpoint
-- vendor invoices: each grid sort; the visibility rule's parts (author, the accountant who took it,
-- its group) by creation; the accounting pool (a status) by last update.
CREATE INDEX IF NOT EXISTS "vendor_invoices_updated_idx" ON "vendor_invoices" USING btree ("updated_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vendor_invoices_invoice_date_idx" ON "vendor_invoices" USING btree ("invoice_date", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vendor_invoices_number_idx" ON "vendor_invoices" USING btree ("number", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vendor_invoices_gross_idx" ON "vendor_invoices" USING btree ("gross_total", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vendor_invoices_status_created_idx" ON "vendor_invoices" USING btree ("status", "created_at", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "vendor_invoices_status_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vendor_invoices_status_idx" ON "vendor_invoices" USING btree ("status", "updated_at", "id");--> statement-breakpoint
DROP INDEX IF EXISTS "vendor_invoices_author_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vendor_invoices_author_idx" ON "vendor_invoices" USING btree ("author_id", "created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vendor_invoices_taken_by_idx" ON "vendor_invoices" USING btree ("taken_by_id", "created_at", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "vendor_invoices_group_idx" ON "vendor_invoices" USING btree ("group_id", "created_at", "id");--> statement-breakpoint
-- debt reports: by balance, by status, by the counterparty's name (its modal element's).
CREATE INDEX IF NOT EXISTS "debt_counterparties_balance_idx" ON "debt_counterparties" USING btree ("balance_minor", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "debt_counterparties_status_idx" ON "debt_counterparties" USING btree ("status", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "modal_elements_name_idx" ON "modal_elements" USING btree ("name", "id");--> statement-breakpoint
-- news: the mandatory posts in feed order (the "not yet confirmed" list).
CREATE INDEX IF NOT EXISTS "news_posts_mandatory_feed_idx" ON "news_posts" USING btree ("pinned", "publish_at", "id") WHERE "mandatory";
