import { MATERIAL_CODE_PATTERN } from '@servicedesk/contracts/plain/stock';
import type { MaterialImportResult, MaterialParameter } from '@servicedesk/contracts';

/*
 * The row decisions of the materials import as a job (lib/workers/jobs.ts, issue #42): matching
 * 5,000 rows against the groups, units and materials (locale-aware folding of every name) took the
 * event loop for 0.3–0.8 s. Pure: the request reads what it needs from the database, this decides,
 * the request writes (stock.import.ts). Loaded by the worker (and by stock.import.ts for
 * {@link parseParameters}).
 */

const fold = (text: string) => text.trim().toLocaleLowerCase('az').replace(/\s*\/\s*/g, ' / ');

/** "name: value; name: value" → parameters (empty parts dropped). */
export const parseParameters = (text: string | undefined): MaterialParameter[] =>
  (text ?? '')
    .split(';')
    .map((part) => part.split(':'))
    .filter((parts) => parts[0]?.trim())
    .map(([name, ...value]) => ({ name: name!.trim().slice(0, 100), value: value.join(':').trim().slice(0, 500) }));

/** One row as the import call carries it (contracts materialImportRow, trimmed). */
export interface MaterialRowInput {
  code: string;
  name: string;
  group: string;
  unit: string;
  minLevel?: string | undefined;
  parameters?: string | undefined;
}

/** A stored material, as far as the decision reads it. */
export interface KnownMaterial {
  id: number;
  code: string;
  name: string;
  groupId: number;
  unitCode: string;
  minLevel: number | null;
  parameters: MaterialParameter[];
}

/** What to write for a row that creates or updates. */
export interface MaterialPlan {
  action: 'create' | 'update';
  id?: number;
  values: { code: string; name: string; groupId: number; unitCode: string; minLevel: number | null; parameters: MaterialParameter[] };
}

/** Everything the decision needs: the rows, and what the database holds. */
export interface MaterialDecisionInput {
  rows: MaterialRowInput[];
  /** Every group: its path in the caller's language and its names in every language. */
  groups: { id: number; path: string; names: Record<string, string | undefined> }[];
  /** Every unit of measure: its code and names. */
  units: { code: string; names: Record<string, string | undefined> }[];
  materials: KnownMaterial[];
  /** Ids of the materials with stock movements (their unit is locked). */
  moved: number[];
}

/**
 * Decides each row (create, update with the fields that change, unchanged, or error: see contracts
 * materialImportResult) and what to write; answers the rows, the plans and the counts.
 */
export function decideMaterialRows(input: MaterialDecisionInput): Omit<MaterialImportResult, 'applied'> & { plans: MaterialPlan[] } {
  const groupByKey = new Map<string, number>();
  // Every language's path and name finds the group (the path first: names may repeat in the tree).
  for (const g of input.groups) {
    groupByKey.set(fold(g.path), g.id);
    for (const name of Object.values(g.names)) if (name && !groupByKey.has(fold(name))) groupByKey.set(fold(name), g.id);
  }
  const unitByKey = new Map<string, string>();
  for (const u of input.units) {
    unitByKey.set(fold(u.code), u.code);
    for (const name of Object.values(u.names)) if (name) unitByKey.set(fold(name), u.code);
  }
  const existing = new Map(input.materials.map((m) => [m.code.toLocaleLowerCase('en'), m]));
  const moved = new Set(input.moved);

  const seen = new Set<string>();
  const plans: MaterialPlan[] = [];
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
  return { rows, created, updated, errors, plans };
}
