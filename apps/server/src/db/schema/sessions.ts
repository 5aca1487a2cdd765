import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Server-side sessions (issue #20): every sign-in token carries `jti` = `id` of one row. The auth
 * guard accepts a token only while its row is not revoked and not expired, so logout, a password
 * change or reset, deactivation and an admin's "sign out everywhere" end it at once on every
 * instance. `device` is a short description parsed from the user agent ("Chrome on Windows");
 * `lastSeenAt` is written at most once a minute. `revokedReason`: logout | signedOut (from the
 * profile) | signedOutEverywhere | passwordChanged | passwordReset | deactivated | admin.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device: text('device').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.expiresAt)],
);

/**
 * Atomic attempt counters of the sign-in throttle (issue #20, lib/throttle.ts) when no Redis is
 * configured: `count` attempts in the window ending at `windowEndsAt`. One upsert statement adds
 * a hit and answers the new count, so concurrent attempts never read a stale count.
 */
export const throttleCounters = pgTable('throttle_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
