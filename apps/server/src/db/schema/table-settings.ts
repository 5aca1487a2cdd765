import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { TableSettings } from '@servicedesk/contracts';
import { users } from './users';

/** A user's saved column layout per table key (SPEC §2 "Column order can be saved per table"). */
export const tableSettings = pgTable(
  'table_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tableKey: text('table_key').notNull(),
    settings: jsonb('settings').$type<TableSettings>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tableKey] })],
);
