import { integer, jsonb, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';

/** Names of a lookup value per language; az is always present and is the fallback. */
export type SpecodeNames = { az: string; en?: string; ru?: string; tr?: string };

/** Keyed lookup lists (DOMAIN.md "Specodes"): priority, unitOfMeasure, currency, … */
export const specodes = pgTable(
  'specodes',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    code: text('code').notNull(),
    names: jsonb('names').$type<SpecodeNames>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [unique('specodes_key_code_unique').on(t.key, t.code)],
);
