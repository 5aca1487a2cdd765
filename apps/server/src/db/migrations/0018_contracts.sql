CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"registry_year" integer,
	"registry_seq" integer,
	"status" text NOT NULL,
	"counterparty_id" integer NOT NULL,
	"subject" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"notice_days" integer NOT NULL,
	"renewal" text NOT NULL,
	"renewal_months" integer,
	"responsible_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"reviewer_ids" integer[] NOT NULL,
	"tag_ids" integer[] NOT NULL,
	"previous_id" integer,
	"term" integer DEFAULT 1 NOT NULL,
	"deactivation_reason" text,
	"deactivated_at" timestamp with time zone,
	"registered_at" timestamp with time zone,
	"notice_reminded_at" timestamp with time zone,
	"end_reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- hand-written (numbering): help desk numbers move into record_number_counters (scope HD) before its own counter table goes.
INSERT INTO "record_number_counters" ("scope", "year", "last_value") SELECT 'HD', "year", "last_value" FROM "helpdesk_number_counters" ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "helpdesk_number_counters" CASCADE;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_counterparty_id_modal_elements_id_fk" FOREIGN KEY ("counterparty_id") REFERENCES "public"."modal_elements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_responsible_id_users_id_fk" FOREIGN KEY ("responsible_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_previous_id_contracts_id_fk" FOREIGN KEY ("previous_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_number_idx" ON "contracts" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_registry_idx" ON "contracts" USING btree ("registry_year","registry_seq");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_previous_idx" ON "contracts" USING btree ("previous_id");--> statement-breakpoint
CREATE INDEX "contracts_created_idx" ON "contracts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_status_end_idx" ON "contracts" USING btree ("status","end_date");--> statement-breakpoint
CREATE INDEX "contracts_counterparty_idx" ON "contracts" USING btree ("counterparty_id");--> statement-breakpoint
CREATE INDEX "contracts_responsible_idx" ON "contracts" USING btree ("responsible_id");--> statement-breakpoint
CREATE INDEX "contracts_author_idx" ON "contracts" USING btree ("author_id");
--> statement-breakpoint
-- hand-written (contracts)
-- A TIN is unique across vendors and contractors (DOMAIN.md "Contract"): the service refuses a
-- duplicate with 409 duplicateTin; this index makes two simultaneous saves unable to slip past.
CREATE UNIQUE INDEX "modal_elements_counterparty_tin_idx" ON "modal_elements" ("tin") WHERE "kind" IN ('vendor', 'contractor') AND "tin" IS NOT NULL;
