import { eq, sql } from 'drizzle-orm';
import type { materialImportInput } from '@servicedesk/contracts';
import { MATERIAL_CODE_PATTERN, UNIT_SPECODE_KEY, type LanguageCode, type MaterialImportResult, type MaterialParameter } from '@servicedesk/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { materials, specodes } from '../../db/schema';
import { domainRule } from '../../lib/errors';
import { executedRows } from '../../lib/lists/list-page';
import type { AppDeps } from '../../types';
import { announceStockChange } from './stock.lists';
import * as repo from './stock.repository';

/*
 * Materials import from CSV/XLSX rows (issue #13 "import from CSV/XLSX with a preview of what
 * will change"): the web parses the file into rows; this decides for each row create, update
 * (which fields), unchanged or error, and applies all of it in one transaction only when asked
 * and when no row has an error.
 */

const fold = (text: string) => text.trim().toLocaleLowerCase('az').replace(/\s*\/\s*/g, ' / ');

/** "name: value; name: value" → parameters (empty parts dropped). */
export const parseParameters = (text: string | undefined): MaterialParameter[] =>
  (text ?? '')
    .split(';')
    .map((part) => part.split(':'))
    .filter((parts) => parts[0]?.trim())
    .map(([name, ...value]) => ({ name: name!.trim().slice(0, 100), value: value.join(':').trim().slice(0, 500) }));

/** Previews (and with `apply`, writes) a materials import; see the module comment. */
export async function importMaterials(deps: AppDeps, input: z.output<typeof materialImportInput>, lang: LanguageCode): Promise<MaterialImportResult> {
  const groups = await repo.groupsAll(deps.db, lang);
  const groupByKey = new Map<string, number>();
  // Every language's path and name finds the group (the path first: names may repeat in the tree).
  for (const g of groups) {
    groupByKey.set(fold(g.path), g.id);
    for (const name of Object.values(g.names)) if (name && !groupByKey.has(fold(name))) groupByKey.set(fold(name), g.id);
  }
  const units = await deps.db.select().from(specodes).where(eq(specodes.key, UNIT_SPECODE_KEY));
  const unitByKey = new Map<string, string>();
  for (const u of units) {
    unitByKey.set(fold(u.code), u.code);
    for (const name of Object.values(u.names)) if (name) unitByKey.set(fold(name), u.code);
  }
  const existing = new Map(
    (await deps.db.select().from(materials)).map((m) => [m.code.toLocaleLowerCase('en'), m]),
  );
  const moved = new Set(
    executedRows<{ id: number }>(await deps.db.execute(sql`select distinct material_id as id from stock_movements`)).map((r) => r.id),
  );

  const seen = new Set<string>();
  const plans: { action: 'create' | 'update'; id?: number; values: typeof materials.$inferInsert }[] = [];
  const rows: MaterialImportResult['rows'] = input.rows.map((row, index) => {
    const line = index + 1;
    const base = { line, code: row.code, name: row.name, changes: [] as string[], error: null as string | null };
    const fail = (error: string) => ({ ...base, action: 'error' as const, error });
    if (!MATERIAL_CODE_PATTERN.test(row.code)) return fail('invalidCode');
    const key = row.code.toLocaleLowerCase('en');
    if (seen.has(key)) return fail('duplicateCode');
    seen.add(key);
    if (!row.name) return fail('nameRequired');
    const groupId = groupByKey.get(fold(row.group));
    if (!groupId) return fail('unknownGroup');
    const unitCode = unitByKey.get(fold(row.unit));
    if (!unitCode) return fail('unknownUnit');
    let minLevel: number | null = null;
    if (row.minLevel) {
      minLevel = Number(row.minLevel.replace(',', '.'));
      if (!Number.isFinite(minLevel) || minLevel < 0) return fail('invalidMinLevel');
    }
    const parameters = parseParameters(row.parameters);
    const current = existing.get(key);
    const values = { code: row.code, name: row.name, groupId, unitCode, minLevel, parameters };
    if (!current) {
      plans.push({ action: 'create', values });
      return { ...base, action: 'create' as const };
    }
    const changes: string[] = [];
    if (current.name !== row.name) changes.push('name');
    if (current.groupId !== groupId) changes.push('group');
    if (current.unitCode !== unitCode) {
      if (moved.has(current.id)) return fail('unitLocked');
      changes.push('unit');
    }
    // A missing column keeps the current value (an empty cell clears the minimum).
    if (row.minLevel === undefined) values.minLevel = current.minLevel === null ? null : Number(current.minLevel);
    if ((current.minLevel === null ? null : Number(current.minLevel)) !== values.minLevel) changes.push('minLevel');
    if (row.parameters !== undefined && JSON.stringify(current.parameters) !== JSON.stringify(parameters)) changes.push('parameters');
    if (changes.length === 0) return { ...base, action: 'unchanged' as const };
    plans.push({ action: 'update', id: current.id, values: row.parameters === undefined ? { ...values, parameters: current.parameters } : values });
    return { ...base, action: 'update' as const, changes };
  });
  const errors = rows.filter((r) => r.action === 'error').length;
  const created = rows.filter((r) => r.action === 'create').length;
  const updated = rows.filter((r) => r.action === 'update').length;
  if (input.apply) {
    if (errors > 0) throw domainRule('importHasErrors', 'Fix the rows with errors before importing.', { errors });
    await deps.db.transaction(async (tx) => {
      for (const plan of plans) {
        if (plan.action === 'create') await (tx as unknown as Db).insert(materials).values(plan.values);
        else await (tx as unknown as Db).update(materials).set({ ...plan.values, updatedAt: new Date() }).where(eq(materials.id, plan.id!));
      }
    });
    await announceStockChange(deps);
  }
  return { rows, created, updated, errors, applied: input.apply };
}
