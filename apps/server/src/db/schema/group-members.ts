import { boolean, integer, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { groups } from './groups';
import { users } from './users';

/**
 * A user's membership of a group (DOMAIN.md "Group … with Members and one group lead"). The
 * partial unique index allows at most one `isLead` row per group.
 */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    isLead: boolean('is_lead').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    uniqueIndex('group_members_one_lead_idx').on(t.groupId).where(sql`${t.isLead}`),
  ],
);
