import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Every change of a translation override (issue #5 "keep an audit"): `value` the new override
 * (null = reset to the shipped text), `previous` the override before (null = it was shipped),
 * who and when. Append-only.
 */
export const translationAudit = pgTable(
  'translation_audit',
  {
    id: serial('id').primaryKey(),
    lang: text('lang', { enum: ['az', 'en', 'ru', 'tr'] }).notNull(),
    key: text('key').notNull(),
    value: text('value'),
    previous: text('previous'),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('translation_audit_lang_key_idx').on(t.lang, t.key, t.changedAt)],
);
