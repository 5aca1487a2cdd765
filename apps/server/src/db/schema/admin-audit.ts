import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Who changed what in the administration, and when (issue #5): one row per change of a user,
 * user type, position, location or group. `entityType` is `user`, `userType`, `position`,
 * `location` or `group`; `action` e.g. `create`, `update`, `deactivate`, `reactivate`,
 * `resetPassword`, `copy`, `grants`; `changes` holds `{ field: { from, to } }` or the action's
 * data (a deactivation's reason). Never pruned by the app.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);
