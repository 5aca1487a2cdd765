import { jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A permission profile (DOMAIN.md "UserType"); `key` is the stable name the seed and code use
 * (`custom-<n>` for types made in the app). `names` holds the name per interface language
 * ({ az, en, ru, tr }, null for rows older than it); `name` is the one name shown where a single
 * name is needed (session, profile) and is kept equal to `names.en` by the administration.
 */
export const userTypes = pgTable('user_types', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  names: jsonb('names').$type<{ az: string; en: string; ru: string; tr: string }>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
