import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { HelpdeskHoldReason, HelpdeskPriorityCode, HelpdeskStatus } from '@servicedesk/contracts';
import { helpdeskCategories } from './helpdesk-categories';
import { helpdeskComponents } from './helpdesk-components';
import { helpdeskPriorities } from './helpdesk-priorities';
import { users } from './users';
import { locations } from './locations';
import { groups } from './groups';

/**
 * A help-desk request (DOMAIN.md "Help-desk requests"). `number` = HD-`year`-`seq` (6 digits);
 * `groupId` is copied from the component at creation (the team that serves it then). `dueAt` =
 * creation + the priority's target + `heldMs` (the time spent ON_HOLD, added on resume);
 * `onHoldSince` is set while ON_HOLD. Status changes go through the helpdesk service only.
 */
export const helpdeskRequests = pgTable(
  'helpdesk_requests',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => helpdeskCategories.id),
    componentId: integer('component_id')
      .notNull()
      .references(() => helpdeskComponents.id),
    priority: text('priority')
      .$type<HelpdeskPriorityCode>()
      .notNull()
      .references(() => helpdeskPriorities.code),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id),
    locationId: integer('location_id').references(() => locations.id),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    assigneeId: integer('assignee_id').references(() => users.id),
    status: text('status').$type<HelpdeskStatus>().notNull().default('NEW'),
    holdReason: text('hold_reason').$type<HelpdeskHoldReason>(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    onHoldSince: timestamp('on_hold_since', { withTimezone: true }),
    heldMs: bigint('held_ms', { mode: 'number' }).notNull().default(0),
    solution: text('solution'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('helpdesk_requests_number_idx').on(t.number),
    uniqueIndex('helpdesk_requests_year_seq_idx').on(t.year, t.seq),
    index('helpdesk_requests_created_idx').on(t.createdAt, t.id),
    index('helpdesk_requests_requester_created_idx').on(t.requesterId, t.createdAt),
    index('helpdesk_requests_assignee_created_idx').on(t.assigneeId, t.createdAt),
    index('helpdesk_requests_group_created_idx').on(t.groupId, t.createdAt),
    index('helpdesk_requests_status_created_idx').on(t.status, t.createdAt),
    // Open requests by due time: the "by due time" sort of open ones and the overdue filter.
    index('helpdesk_requests_open_due_idx')
      .on(t.dueAt, t.id)
      .where(sql`${t.status} in ('NEW', 'APPROVED', 'IN_PROGRESS', 'ON_HOLD')`),
    // The grid's "by priority" sort (the same expression as the repository's priorityRank).
    index('helpdesk_requests_priority_rank_idx').on(
      sql`(case ${t.priority} when 'low' then 0 when 'normal' then 1 when 'high' then 2 else 3 end)`,
      t.createdAt,
      t.id,
    ),
    // A group's queue (NEW and APPROVED, newest first) and its capped count, from the index alone.
    index('helpdesk_requests_queue_idx')
      .on(t.groupId, t.createdAt, t.id)
      .where(sql`${t.status} in ('NEW', 'APPROVED')`),
    // The text search (ILIKE '%term%'): trigram GIN indexes (pg_trgm, migration 0011).
    index('helpdesk_requests_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('helpdesk_requests_number_trgm_idx').using('gin', sql`${t.number} gin_trgm_ops`),
    // The grid's other orders and the scopes' newest-update-first walks (issue #44, migration 0038):
    // a keyset page walks one of these after its cursor instead of sorting the matching rows.
    index('helpdesk_requests_updated_idx').on(t.updatedAt, t.id),
    index('helpdesk_requests_open_updated_idx')
      .on(t.updatedAt, t.id)
      .where(sql`${t.status} in ('NEW', 'APPROVED', 'IN_PROGRESS', 'ON_HOLD')`),
    index('helpdesk_requests_due_idx').on(t.dueAt, t.id),
    index('helpdesk_requests_title_idx').on(t.title, t.id),
    index('helpdesk_requests_requester_updated_idx').on(t.requesterId, t.updatedAt, t.id),
    index('helpdesk_requests_assignee_updated_idx').on(t.assigneeId, t.updatedAt, t.id),
    index('helpdesk_requests_group_updated_idx').on(t.groupId, t.updatedAt, t.id),
    // The auto-close job's claim: RESOLVED requests by resolution time.
    index('helpdesk_requests_resolved_idx').on(t.resolvedAt).where(sql`${t.status} = 'RESOLVED'`),
  ],
);
