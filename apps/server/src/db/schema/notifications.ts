import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { NotificationParams } from '@servicedesk/contracts';
import { users } from './users';

/**
 * Header notifications (DOMAIN.md "Notifications", SPEC §3): `desc` is a translation key under
 * `notifications.*` and `params` its placeholder values (never HTML); `actorUserId` is who caused
 * it (null = the recipient themselves). Read ones keep `readAt`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    descKey: text('desc_key').notNull(),
    params: jsonb('params').$type<NotificationParams>(),
    redirectUrl: text('redirect_url'),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_read_created_idx').on(t.userId, t.isRead, t.createdAt)],
);
