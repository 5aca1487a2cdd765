import { index, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import type { NotificationPreferencesValue } from '@servicedesk/contracts';
import { notifications } from './notifications';
import { userTypes } from './user-types';
import { users } from './users';

/**
 * A user's own notification preferences (issue #38): every event kind's mail delivery and WhatsApp
 * switch, and the WhatsApp quiet hours. No row = the defaults of the user's type.
 */
export const userNotificationPreferences = pgTable('user_notification_preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').$type<NotificationPreferencesValue>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The defaults the admin set for the users of a type (issue #38); no row = the built-in defaults. */
export const userTypeNotificationDefaults = pgTable('user_type_notification_defaults', {
  userTypeId: integer('user_type_id')
    .primaryKey()
    .references(() => userTypes.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').$type<NotificationPreferencesValue>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Notifications waiting for their user's daily digest (mail delivery `digest`): the digest job
 * claims a user's undigested rows in one statement (`digested_at` set) and writes one mail.
 */
export const notificationDigestItems = pgTable(
  'notification_digest_items',
  {
    notificationId: integer('notification_id')
      .primaryKey()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    digestedAt: timestamp('digested_at', { withTimezone: true }),
  },
  (t) => [index('notification_digest_items_pending_idx').on(t.digestedAt, t.createdAt)],
);
