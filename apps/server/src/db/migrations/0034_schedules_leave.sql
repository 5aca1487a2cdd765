-- Issue #41 (schedules): the public-holiday calendar an admin edits, leave allowances per person
-- and year, and a group's shift templates. Hand-written (HELPERS.md: no drizzle-kit generate).
CREATE TABLE "public_holidays" (
	"day" date PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"day_off" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "public_holidays" ADD CONSTRAINT "public_holidays_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "leave_allowances" (
	"user_id" integer NOT NULL,
	"year" integer NOT NULL,
	"days" integer NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_allowances_user_id_year_pk" PRIMARY KEY("user_id","year")
);
--> statement-breakpoint
ALTER TABLE "leave_allowances" ADD CONSTRAINT "leave_allowances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "shift_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"days" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shift_templates" ADD CONSTRAINT "shift_templates_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_templates" ADD CONSTRAINT "shift_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leave_requests_user_span_idx" ON "leave_requests" USING btree ("user_id","end_day","start_day");--> statement-breakpoint
-- Azerbaijan's non-working holidays of 2026 and 2027. Sources: Labour Code of the Republic of
-- Azerbaijan, Article 105 (the list; 12 November, Constitution Day, is a holiday but a working day,
-- Art. 105.2, so day_off = false; 105.5: a holiday on Saturday/Sunday moves the rest day to the next
-- working day; 105.6: Ramazan or Gurban on another holiday adds the next working day), the Cabinet of
-- Ministers' decision for 2026 as reported by 1news.az/Report on 2026-03-19 (Novruz 20–24 March and
-- Ramazan 20–21 March coincide; 25, 26, 27 and 30 March are rest days too); Gurban 2026 27–28 May.
-- 2027's Ramazan (10–11 March) and Gurban (16–17 May) are the expected dates: the Cabinet announces
-- them by the end of December 2026 (Art. 105.4) — an admin corrects the calendar then.
-- kind `transfer` is a rest day moved by Art. 105.5/105.6.
INSERT INTO "public_holidays" ("day", "kind", "day_off") VALUES
  ('2026-01-01', 'newYear', true),
  ('2026-01-02', 'newYear', true),
  ('2026-03-08', 'womensDay', true),
  ('2026-03-09', 'transfer', true),
  ('2026-03-20', 'novruz', true),
  ('2026-03-21', 'novruz', true),
  ('2026-03-22', 'novruz', true),
  ('2026-03-23', 'novruz', true),
  ('2026-03-24', 'novruz', true),
  ('2026-03-25', 'transfer', true),
  ('2026-03-26', 'transfer', true),
  ('2026-03-27', 'transfer', true),
  ('2026-03-30', 'transfer', true),
  ('2026-05-09', 'victoryOverFascism', true),
  ('2026-05-11', 'transfer', true),
  ('2026-05-27', 'gurban', true),
  ('2026-05-28', 'independence', true),
  ('2026-05-29', 'transfer', true),
  ('2026-06-15', 'nationalSalvation', true),
  ('2026-06-26', 'armedForces', true),
  ('2026-11-08', 'victory', true),
  ('2026-11-09', 'flag', true),
  ('2026-11-10', 'transfer', true),
  ('2026-11-12', 'constitution', false),
  ('2026-12-31', 'solidarity', true),
  ('2027-01-01', 'newYear', true),
  ('2027-01-02', 'newYear', true),
  ('2027-01-04', 'transfer', true),
  ('2027-03-08', 'womensDay', true),
  ('2027-03-10', 'ramazan', true),
  ('2027-03-11', 'ramazan', true),
  ('2027-03-20', 'novruz', true),
  ('2027-03-21', 'novruz', true),
  ('2027-03-22', 'novruz', true),
  ('2027-03-23', 'novruz', true),
  ('2027-03-24', 'novruz', true),
  ('2027-03-25', 'transfer', true),
  ('2027-03-26', 'transfer', true),
  ('2027-05-09', 'victoryOverFascism', true),
  ('2027-05-10', 'transfer', true),
  ('2027-05-16', 'gurban', true),
  ('2027-05-17', 'gurban', true),
  ('2027-05-18', 'transfer', true),
  ('2027-05-28', 'independence', true),
  ('2027-06-15', 'nationalSalvation', true),
  ('2027-06-26', 'armedForces', true),
  ('2027-06-28', 'transfer', true),
  ('2027-11-08', 'victory', true),
  ('2027-11-09', 'flag', true),
  ('2027-11-12', 'constitution', false),
  ('2027-12-31', 'solidarity', true)
