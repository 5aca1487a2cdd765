CREATE INDEX "documents_route_idx" ON "documents" USING gin ("route" jsonb_path_ops);--> statement-breakpoint
-- fastupdate off (drizzle-kit writes a drop and a create; altering keeps the index in place): no
-- pending list for searches to read; the entries already pending go into the tree now.
ALTER INDEX "documents_search_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('documents_search_idx');
