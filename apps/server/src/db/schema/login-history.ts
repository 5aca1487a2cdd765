import { boolean, doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { loginFailureReason, type LoginFailureReason } from '@servicedesk/contracts';
import { users } from './users';

/**
 * Every sign-in attempt (DOMAIN.md "Login history"): the email as tried (trimmed, lower-case),
 * the user when known, the failure reason (null on success), where from. Never pruned by the app.
 */
export const loginHistory = pgTable(
  'login_history',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    userId: integer('user_id').references(() => users.id),
    isSuccess: boolean('is_success').notNull(),
    reason: text('reason', { enum: loginFailureReason.options as [LoginFailureReason, ...LoginFailureReason[]] }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_history_email_ip_idx').on(t.email, t.ip, t.createdAt),
    index('login_history_user_idx').on(t.userId, t.createdAt),
  ],
);
