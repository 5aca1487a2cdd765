import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Admin edits of the shipped translations (issue #5): the text of `key` (a dotted path of the
 * merged tree, e.g. `errors.forbidden`) in `lang`, served over the shipped file at
 * GET /assets/i18n/{lang}.json. A reset deletes the row. Who changed what is kept in
 * translation_audit.
 */
export const translationOverrides = pgTable(
  'translation_overrides',
  {
    lang: text('lang', { enum: ['az', 'en', 'ru', 'tr'] }).notNull(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lang, t.key] })],
);
