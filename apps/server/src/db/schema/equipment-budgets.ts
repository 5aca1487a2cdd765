import {
  bigint,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { BudgetCategory } from '@servicedesk/contracts';
import { groups } from './groups';

/**
 * A budget line (DOMAIN.md "Budget"): per group, year and category, the planned amount in minor
 * units. What it has consumed is derived, never stored: APPROVED and PROCESSED equipment requests
 * on the line, plus what other modules report (finance: paid invoices) — see
 * modules/equipment/equipment.budgets.ts `budgetRemaining`.
 */
export const equipmentBudgets = pgTable(
  'equipment_budgets',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    year: integer('year').notNull(),
    category: text('category').$type<BudgetCategory>().notNull(),
    currency: text('currency').notNull().default('AZN'),
    planned: bigint('planned', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('equipment_budgets_line_idx').on(t.groupId, t.year, t.category),
    index('equipment_budgets_year_idx').on(t.year),
  ],
);
