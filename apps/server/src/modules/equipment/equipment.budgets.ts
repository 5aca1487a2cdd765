import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  EQUIPMENT_CONSUMING_STATUSES,
  type BudgetLine,
  type SaveBudgetInput,
} from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { equipmentBudgets, equipmentRequests, groups } from '../../db/schema';
import { conflict, domainRule, notFound } from '../../lib/errors';

/*
 * Budgets (DOMAIN.md "Budget", issue #12): a line per group, year and category with a planned
 * amount in minor units. What a line has consumed is DERIVED, never stored:
 *
 *   remaining = planned − Σ totals of its APPROVED and PROCESSED equipment requests
 *                       − Σ what registered consumption sources report (finance: paid invoices)
 *
 * Other modules add their consumption with {@link registerBudgetConsumption} and read a line's
 * remaining amount with {@link budgetRemaining} (documented in apps/server/README.md "Budgets").
 */

/** A consumption source: the amounts (minor units) it has consumed of each of `budgetIds`. */
export type BudgetConsumptionSource = (
  db: Db,
  budgetIds: readonly number[],
) => Promise<Map<number, number>>;

const sources = new Map<string, BudgetConsumptionSource>();

/**
 * Registers (or replaces) a consumption source under `name`, e.g. finance's paid vendor invoices:
 * `registerBudgetConsumption('paidInvoices', async (db, ids) => new Map([[budgetId, amountMinor]]))`.
 * Its amounts are deducted from every line's remaining amount (`consumedByOthers`).
 */
export function registerBudgetConsumption(name: string, source: BudgetConsumptionSource): void {
  sources.set(name, source);
}

/** Removes a source (tests). */
export function unregisterBudgetConsumption(name: string): void {
  sources.delete(name);
}

/** What {@link budgetRemaining} answers (minor units). */
export interface BudgetRemaining {
  budgetId: number;
  planned: number;
  /** Σ totals of APPROVED and PROCESSED equipment requests on the line (without `excludeRequestId`). */
  consumedByRequests: number;
  /** Σ of the registered sources (finance: paid invoices). */
  consumedByOthers: number;
  /** planned − both consumptions; negative after a director's override. */
  remaining: number;
}

type BudgetRow = typeof equipmentBudgets.$inferSelect;

async function requestConsumption(
  db: Db,
  budgetIds: readonly number[],
  excludeRequestId?: number,
): Promise<Map<number, number>> {
  if (budgetIds.length === 0) return new Map();
  const rows = await db
    .select({
      budgetId: equipmentRequests.budgetId,
      total: sql<string>`coalesce(sum(${equipmentRequests.total}), 0)`,
    })
    .from(equipmentRequests)
    .where(
      and(
        inArray(equipmentRequests.budgetId, [...budgetIds]),
        inArray(equipmentRequests.status, [...EQUIPMENT_CONSUMING_STATUSES]),
        excludeRequestId !== undefined ? ne(equipmentRequests.id, excludeRequestId) : undefined,
      ),
    )
    .groupBy(equipmentRequests.budgetId);
  return new Map(rows.map((r) => [r.budgetId!, Number(r.total)]));
}

async function otherConsumption(
  db: Db,
  budgetIds: readonly number[],
): Promise<Map<number, number>> {
  const sum = new Map<number, number>();
  for (const source of sources.values()) {
    for (const [id, amount] of await source(db, budgetIds))
      sum.set(id, (sum.get(id) ?? 0) + amount);
  }
  return sum;
}

/** The lines `rows` with their consumption and remaining amounts. */
async function withConsumption(
  db: Db,
  rows: readonly (BudgetRow & { groupName: string })[],
  excludeRequestId?: number,
): Promise<BudgetLine[]> {
  const ids = rows.map((r) => r.id);
  const [byRequests, byOthers] = await Promise.all([
    requestConsumption(db, ids, excludeRequestId),
    otherConsumption(db, ids),
  ]);
  return rows.map((r) => {
    const consumedByRequests = byRequests.get(r.id) ?? 0;
    const consumedByOthers = byOthers.get(r.id) ?? 0;
    return {
      id: r.id,
      groupId: r.groupId,
      groupName: r.groupName,
      year: r.year,
      category: r.category,
      currency: r.currency,
      planned: r.planned,
      consumedByRequests,
      consumedByOthers,
      remaining: r.planned - consumedByRequests - consumedByOthers,
    };
  });
}

const lineColumns = { budget: equipmentBudgets, groupName: groups.name };

async function selectLines(db: Db, where: ReturnType<typeof and>, forUpdate = false) {
  const query = db
    .select(lineColumns)
    .from(equipmentBudgets)
    .innerJoin(groups, eq(groups.id, equipmentBudgets.groupId))
    .where(where)
    .orderBy(asc(equipmentBudgets.year), asc(groups.name), asc(equipmentBudgets.category));
  const rows = forUpdate ? await query.for('update', { of: equipmentBudgets }) : await query;
  return rows.map((r) => ({ ...r.budget, groupName: r.groupName }));
}

/**
 * What budget line `budgetId` has left, in minor units — THE function other modules call
 * (finance before approving an invoice against a line). `excludeRequestId`: leave that equipment
 * request's own total out (a request checks itself against what the others left). With `lock`
 * (inside a transaction) the line's row is locked until commit, so two decisions against one
 * line are checked one after the other. 404 `notFound` for an unknown line.
 */
export async function budgetRemaining(
  db: Db,
  budgetId: number,
  options: { excludeRequestId?: number; lock?: boolean } = {},
): Promise<BudgetRemaining> {
  const [row] = await selectLines(db, and(eq(equipmentBudgets.id, budgetId)), options.lock);
  if (!row) throw notFound('No such budget line.');
  const [line] = await withConsumption(db, [row], options.excludeRequestId);
  const { planned, consumedByRequests, consumedByOthers, remaining } = line!;
  return { budgetId, planned, consumedByRequests, consumedByOthers, remaining };
}

/** The budget lines (of `year` / `groupId` when given) with their consumption. */
export async function listBudgets(
  db: Db,
  filter: { year?: number; groupId?: number; years?: readonly number[] } = {},
): Promise<BudgetLine[]> {
  const rows = await selectLines(
    db,
    and(
      filter.year !== undefined ? eq(equipmentBudgets.year, filter.year) : undefined,
      filter.years ? inArray(equipmentBudgets.year, [...filter.years]) : undefined,
      filter.groupId !== undefined ? eq(equipmentBudgets.groupId, filter.groupId) : undefined,
    ),
  );
  return withConsumption(db, rows);
}

/** One line with its consumption, or undefined. */
export async function findBudget(db: Db, id: number): Promise<BudgetLine | undefined> {
  const rows = await selectLines(db, and(eq(equipmentBudgets.id, id)));
  return (await withConsumption(db, rows))[0];
}

/**
 * Creates a line (no `id`) or changes its planned amount (`id`; group, year and category stay).
 * 409 `budgetExists` for a second line of one group, year and category; 422 `unknownGroup`; 404.
 */
export async function saveBudget(
  db: Db,
  input: SaveBudgetInput,
  now = new Date(),
): Promise<BudgetLine> {
  const [group] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(eq(groups.id, input.groupId));
  if (!group)
    throw domainRule('unknownGroup', 'Choose an existing group.', { groupId: input.groupId });
  if (input.id !== undefined) {
    const [row] = await db
      .update(equipmentBudgets)
      .set({ planned: input.planned, updatedAt: now })
      .where(eq(equipmentBudgets.id, input.id))
      .returning();
    if (!row) throw notFound('No such budget line.');
    return (await findBudget(db, row.id))!;
  }
  const [row] = await db
    .insert(equipmentBudgets)
    .values({
      groupId: input.groupId,
      year: input.year,
      category: input.category,
      planned: input.planned,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row)
    throw conflict(
      'budgetExists',
      'This group already has a budget line of this category for this year.',
      { groupId: input.groupId, year: input.year, category: input.category },
    );
  return (await findBudget(db, row.id))!;
}
