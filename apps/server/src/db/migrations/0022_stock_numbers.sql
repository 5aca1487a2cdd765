-- hand-written (numbering): the ledger's series move into record_number_counters — operations
-- `operation:YYYY` → scope stockOperation, year YYYY; inventories → scope inventory, year 0.
INSERT INTO "record_number_counters" ("scope", "year", "last_value")
SELECT CASE WHEN "name" LIKE 'operation:%' THEN 'stockOperation' ELSE "name" END,
       CASE WHEN "name" LIKE 'operation:%' THEN split_part("name", ':', 2)::integer ELSE 0 END,
       "last_seq"
FROM "stock_number_counters"
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "stock_number_counters" CASCADE;
