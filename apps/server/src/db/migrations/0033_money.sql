-- Issue #41 (money): official currency rates, and vendor invoice numbers compared after normalising.
CREATE TABLE "currency_rates" (
	"currency" text NOT NULL,
	"rate_date" date NOT NULL,
	"rate" numeric(18, 6) NOT NULL,
	"nominal" integer DEFAULT 1 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"updated_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rates_currency_rate_date_pk" PRIMARY KEY("currency","rate_date"),
	CONSTRAINT "currency_rates_rate_positive" CHECK ("rate" > 0 AND "nominal" > 0)
);
--> statement-breakpoint
ALTER TABLE "currency_rates" ADD CONSTRAINT "currency_rates_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "currency_rates_date_idx" ON "currency_rates" USING btree ("rate_date");--> statement-breakpoint
ALTER TABLE "vendor_invoices" ADD COLUMN "number_key" text;--> statement-breakpoint
-- The key: upper case, without white space, dashes (ASCII and Unicode) and slashes (contracts invoiceNumberKey).
-- Rows that already collide (live invoices of one vendor: be-7777 beside BE-7777) keep the key of
-- the oldest; each later one gets "#<id>" appended, so the migration never fails on old data and a
-- new save of the same number still meets the oldest's key.
UPDATE "vendor_invoices" SET "number_key" = upper(regexp_replace("number", '[[:space:]/\\-]|‐|‑|‒|–|—|―', '', 'g'));--> statement-breakpoint
UPDATE "vendor_invoices" v SET "number_key" = v."number_key" || '#' || v."id"
	WHERE v."deleted_at" IS NULL AND EXISTS (
		SELECT 1 FROM "vendor_invoices" o
		WHERE o."vendor_id" = v."vendor_id" AND o."number_key" = v."number_key" AND o."deleted_at" IS NULL AND o."id" < v."id"
	);--> statement-breakpoint
ALTER TABLE "vendor_invoices" ALTER COLUMN "number_key" SET NOT NULL;--> statement-breakpoint
DROP INDEX "vendor_invoices_vendor_number_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_invoices_vendor_number_key_idx" ON "vendor_invoices" USING btree ("vendor_id","number_key") WHERE "vendor_invoices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "vendor_invoices_vendor_date_idx" ON "vendor_invoices" USING btree ("vendor_id","invoice_date");
