import { eq, sql } from 'drizzle-orm';
import type { materialImportInput } from '@servicedesk/contracts';
import { UNIT_SPECODE_KEY, type LanguageCode, type MaterialImportResult } from '@servicedesk/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { materials, specodes } from '../../db/schema';
import { domainRule } from '../../lib/errors';
import { executedRows } from '../../lib/lists/list-page';
import { defineJob, JOB_HEAP_MB, runJob } from '../../lib/workers/jobs';
import type { AppDeps } from '../../types';
import type * as ImportJob from './stock.import.job';
import { announceStockChange } from './stock.lists';
import * as repo from './stock.repository';

export { parseParameters } from './stock.import.job';

/*
 * Materials import from CSV/XLSX rows (issue #13 "import from CSV/XLSX with a preview of what
 * will change"): the web parses the file into rows; this decides for each row create, update
 * (which fields), unchanged or error — in a worker thread (stock.import.job.ts, issue #42) — and
 * applies all of it in one transaction only when asked and when no row has an error.
 */

/**
 * Deciding the rows, in a worker thread: at most 30 s of work and the jobs' heap
 * ({@link JOB_HEAP_MB}); the rows are already limited by the call's schema (MATERIAL_IMPORT_MAX_ROWS).
 */
export const materialDecisionJob = defineJob<typeof ImportJob.decideMaterialRows>(new URL('./stock.import.job.ts', import.meta.url), 'decideMaterialRows', {
  timeoutMs: 30_000,
  heapMb: JOB_HEAP_MB,
});

/**
 * Previews (and with `apply`, writes) a materials import; see the module comment. 422
 * `importHasErrors` (apply while a row has an error); past the decision job's limits 422
 * `workTimedOut` / `workOutOfMemory`, 503 `workBusy` (nothing written).
 */
export async function importMaterials(deps: AppDeps, input: z.output<typeof materialImportInput>, lang: LanguageCode): Promise<MaterialImportResult> {
  const groups = await repo.groupsAll(deps.db, lang);
  const units = await deps.db.select({ code: specodes.code, names: specodes.names }).from(specodes).where(eq(specodes.key, UNIT_SPECODE_KEY));
  const known = await deps.db
    .select({ id: materials.id, code: materials.code, name: materials.name, groupId: materials.groupId, unitCode: materials.unitCode, minLevel: materials.minLevel, parameters: materials.parameters })
    .from(materials);
  const moved = executedRows<{ id: number }>(await deps.db.execute(sql`select distinct material_id as id from stock_movements`)).map((r) => r.id);

  const { rows, created, updated, errors, plans } = await runJob(materialDecisionJob, {
    rows: input.rows,
    groups: groups.map((g) => ({ id: g.id, path: g.path, names: g.names })),
    units,
    materials: known,
    moved,
  });
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
