/** Debt groups, payment types, the import log and the entry count of a counterparty. debts.service.ts re-exports them. */
import { asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DebtGroup, type DebtPaymentType, type ImportSummary, type debtGroupInput, type debtPaymentTypeInput } from '@servicedesk/contracts';
import { debtCounterparties, debtEntries, debtGroups, debtPaymentTypes } from '../../db/schema';
import { conflict, notFound, uniqueOr } from '../../lib/errors';
import type { AppDeps } from '../../types';
import * as repo from './debts.repository';


// --- Groups and payment types ----------------------------------------------------------------

/** GET /api/debtReports/groups: every group with its number of counterparties, by name. */
export async function listGroups(deps: AppDeps): Promise<DebtGroup[]> {
  const rows = await deps.db
    .select({ id: debtGroups.id, name: debtGroups.name, isActive: debtGroups.isActive, counterparties: sql<number>`(select count(*)::int from ${debtCounterparties} c where c.group_id = "debt_groups"."id")` })
    .from(debtGroups)
    .orderBy(asc(debtGroups.name));
  return rows;
}

/** POST /api/debtReports/groups (no id) or PUT groups/{id}: 409 `nameTaken`; 404 unknown id. */
export async function saveGroup(deps: AppDeps, id: number | null, input: z.output<typeof debtGroupInput>): Promise<DebtGroup> {
  const saved = await uniqueOr(
    async () =>
      id === null
        ? (await deps.db.insert(debtGroups).values(input).returning({ id: debtGroups.id }))[0]
        : (await deps.db.update(debtGroups).set(input).where(eq(debtGroups.id, id)).returning({ id: debtGroups.id }))[0],
    () => conflict('nameTaken', 'A group with this name exists.', { field: 'name' }),
  );
  if (!saved) throw notFound('No such group.');
  return (await listGroups(deps)).find((g) => g.id === saved.id)!;
}

/** GET /api/debtReports/paymentTypes: every payment type with its number of payments, by code. */
export async function listPaymentTypes(deps: AppDeps): Promise<DebtPaymentType[]> {
  return deps.db
    .select({
      id: debtPaymentTypes.id,
      code: debtPaymentTypes.code,
      name: debtPaymentTypes.name,
      isActive: debtPaymentTypes.isActive,
      payments: sql<number>`(select count(*)::int from ${debtEntries} e where e.payment_type_id = "debt_payment_types"."id")`,
    })
    .from(debtPaymentTypes)
    .orderBy(asc(debtPaymentTypes.code));
}

/** POST /api/debtReports/paymentTypes (no id) or PUT paymentTypes/{id}: 409 `codeTaken`; 404 unknown id. */
export async function savePaymentType(deps: AppDeps, id: number | null, input: z.output<typeof debtPaymentTypeInput>): Promise<DebtPaymentType> {
  const saved = await uniqueOr(
    async () =>
      id === null
        ? (await deps.db.insert(debtPaymentTypes).values(input).returning({ id: debtPaymentTypes.id }))[0]
        : (await deps.db.update(debtPaymentTypes).set(input).where(eq(debtPaymentTypes.id, id)).returning({ id: debtPaymentTypes.id }))[0],
    () => conflict('codeTaken', 'A payment type with this code exists.', { field: 'code' }),
  );
  if (!saved) throw notFound('No such payment type.');
  return (await listPaymentTypes(deps)).find((t) => t.id === saved.id)!;
}

/** The imports of `kind`, newest first (contracts ImportSummary). */
export async function listImports(deps: AppDeps, kind: 'oneC' | 'dislocation'): Promise<ImportSummary[]> {
  return (await repo.importsOf(deps.db, kind)).map(({ row, first, last }) => ({
    id: row.id,
    kind: row.kind,
    fileName: row.fileName,
    encoding: row.encoding,
    created: row.created,
    changed: row.changed,
    refused: row.refused,
    total: row.total,
    importedBy: `${first} ${last}`,
    importedAt: row.importedAt.toISOString(),
  }));
}

/** How many report entries name modal element `id` (a counterparty with entries cannot be removed). */
export async function entryCount(deps: AppDeps, id: number): Promise<number> {
  const [row] = await deps.db.select({ n: count() }).from(debtEntries).where(eq(debtEntries.counterpartyId, id));
  return row?.n ?? 0;
}
