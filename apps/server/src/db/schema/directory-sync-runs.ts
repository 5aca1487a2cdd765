import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One run of the company-directory sync (modules/directory): who started it (`actorId`, null for
 * the schedule; `trigger` `schedule` | `admin`), `mode` `preview` | `apply`, `status` `previewed`
 * | `applied` | `heldBack` (would deactivate too many without a confirmation) | `failed` |
 * `skipped` (another instance held the lock), the counts of its plan and the errors met
 * (`[{ dn?, message }]`). Never pruned by the app.
 */
export const directorySyncRuns = pgTable(
  'directory_sync_runs',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id),
    trigger: text('trigger', { enum: ['schedule', 'admin'] }).notNull(),
    mode: text('mode', { enum: ['preview', 'apply'] }).notNull(),
    status: text('status', { enum: ['previewed', 'applied', 'heldBack', 'failed', 'skipped'] }).notNull(),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    deactivated: integer('deactivated').notNull().default(0),
    reactivated: integer('reactivated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    errors: jsonb('errors').$type<{ dn?: string; message: string }[]>().notNull().default([]),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('directory_sync_runs_started_idx').on(t.startedAt)],
);
