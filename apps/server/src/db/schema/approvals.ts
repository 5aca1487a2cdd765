import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ApprovalDecision, ApprovalMode, ApprovalStatus, ApprovalStepRole, ApprovalStepStatus } from '@servicedesk/contracts';
import { users } from './users';

/*
 * The approval engine's tables (DOMAIN.md "Approval chains", issue #11; lib/approvals).
 */

/**
 * A record on the engine: one row per (record kind, record id). `status` is the engine's status of
 * the record (contracts APPROVAL_STATUSES); `round` grows by one on each resubmission after a
 * return; `title`, `number`, `url` are the summary "my approvals" lists without asking the module;
 * `groupId` the group whose lead a `groupLead` step names.
 */
export const approvalRecords = pgTable(
  'approval_records',
  {
    id: serial('id').primaryKey(),
    recordKind: text('record_kind').notNull(),
    recordId: integer('record_id').notNull(),
    status: text('status').$type<ApprovalStatus>().notNull(),
    round: integer('round').notNull().default(1),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    number: text('number'),
    url: text('url'),
    groupId: integer('group_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('approval_records_record_idx').on(t.recordKind, t.recordId),
    index('approval_records_status_idx').on(t.status),
    // A substitute's my approvals leaves out the records they wrote (modules/approvals).
    index('approval_records_author_idx').on(t.authorId, t.status),
  ],
);

/**
 * One step of a record's chain in one round, in `position` order. `role` null when the step named
 * users; `activatedAt` when it became PENDING (my approvals' "waiting since").
 */
export const approvalSteps = pgTable(
  'approval_steps',
  {
    id: serial('id').primaryKey(),
    approvalId: integer('approval_id')
      .notNull()
      .references(() => approvalRecords.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    position: integer('position').notNull(),
    role: text('role').$type<ApprovalStepRole>(),
    mode: text('mode').$type<ApprovalMode>().notNull(),
    status: text('status').$type<ApprovalStepStatus>().notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('approval_steps_position_idx').on(t.approvalId, t.round, t.position), index('approval_steps_status_idx').on(t.status)],
);

/**
 * An approver of a step (resolved from the chain when the record is submitted, for every step of
 * the round) and their decision: `decidedById` = who pressed the button (the approver or their
 * substitute).
 *
 * "My approvals" reads this table alone (issue #12 bench, migration 0024): `approvalId` is the
 * step's record (a copy of approval_steps.approval_id, never changed; no foreign key of its own —
 * the step's cascades it), and `pendingSince` is set while the slot waits for its approver — the
 * slot undecided, its step PENDING, the record IN_APPROVAL at the step's round, the approver not
 * the record's author — to the step's `activatedAt`; null otherwise. The engine keeps it so after
 * every write (lib/approvals/waiting.ts `syncWaiting`); `approval_step_approvers_waiting_idx`
 * holds only those slots, per approver, in my approvals' order (newest first).
 */
export const approvalStepApprovers = pgTable(
  'approval_step_approvers',
  {
    stepId: integer('step_id')
      .notNull()
      .references(() => approvalSteps.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    approvalId: integer('approval_id').notNull(),
    decision: text('decision').$type<ApprovalDecision>(),
    decidedById: integer('decided_by_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    comment: text('comment'),
    pendingSince: timestamp('pending_since', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.stepId, t.userId] }),
    index('approval_step_approvers_user_idx').on(t.userId),
    index('approval_step_approvers_waiting_idx')
      .on(t.userId, t.pendingSince.desc(), t.approvalId.desc(), t.stepId)
      .where(sql`${t.pendingSince} is not null`),
  ],
);

/**
 * A delegation: `userId`'s steps may be decided by `substituteId` over [`startsAt`, `endsAt`)
 * unless `endedAt` (ended early; then the window ends there). `createdById` = who named it.
 */
export const approvalDelegations = pgTable(
  'approval_delegations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    substituteId: integer('substitute_id')
      .notNull()
      .references(() => users.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason'),
    createdById: integer('created_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('approval_delegations_user_idx').on(t.userId, t.startsAt), index('approval_delegations_substitute_idx').on(t.substituteId, t.startsAt)],
);

/** Extra data of a decision row in the record's history (`details`). */
export type ApprovalHistoryDetails = { stepId: number; position: number; round: number; stepStatus: ApprovalStepStatus } & Record<string, unknown>;
