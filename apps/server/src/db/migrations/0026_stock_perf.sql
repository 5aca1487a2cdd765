ALTER TABLE "materials" ADD COLUMN "stock_quantity" numeric(14, 3) DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "materials_code_idx" ON "materials" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "materials_name_idx" ON "materials" USING btree ("name","id");--> statement-breakpoint
-- Room on each page for the ledger's updates of stock_quantity (not indexed): they stay HOT, so
-- a posting adds nothing to the materials' indexes (the trigram GIN ones grow and slow down otherwise).
ALTER TABLE "materials" SET (fillfactor = 80);--> statement-breakpoint
-- The materials' stock over all warehouses, from their levels (kept by the ledger from now on).
UPDATE "materials" m SET "stock_quantity" = t.q FROM (SELECT material_id, sum(quantity) AS q FROM "stock_levels" GROUP BY material_id) t WHERE m.id = t.material_id;
