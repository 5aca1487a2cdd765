import type { Inventory } from '@servicedesk/contracts';
import type { AppDeps } from '../../types';
import { notFound } from '../../lib/errors';
import { asBuffer } from '../../lib/pdf';
import { defineJob, JOB_HEAP_MB, runJob } from '../../lib/workers/jobs';
import type * as LabelsJob from './stock.labels.job';
import * as repo from './stock.repository';

/*
 * Inventory labels (issue #13 "Labels"; snipe#3957, glpi#19683): a PDF with one label per
 * inventory — a code128 barcode and a QR code of the inventory number, the material's name and
 * the serial — laid out three across on A4, to cut or print on label sheets. Barcodes come from
 * bwip-js (PNG), the PDF from pdfmake with its bundled Roboto (covers ə, ğ, ı, ş, ç, ö, ü and
 * Cyrillic). Nothing is fetched: URLs are refused, local reads only for the font files. Drawn
 * and laid out in a job worker (stock.labels.job.ts, issue #42).
 */

/** Drawing a label sheet: at most 30 s of work and the jobs' heap ({@link JOB_HEAP_MB}). */
export const labelsJob = defineJob<typeof LabelsJob.renderLabels>(new URL('./stock.labels.job.ts', import.meta.url), 'renderLabels', { timeoutMs: 30_000, heapMb: JOB_HEAP_MB });

/**
 * The labels PDF of inventories `ids` (in inventory number order; unknown ids are skipped, none
 * known is 404). Answers the PDF bytes; past the job's limits 422 `workTimedOut` /
 * `workOutOfMemory`, 503 `workBusy`.
 */
export async function labelsPdf(deps: AppDeps, ids: number[]): Promise<Buffer> {
  const items = (await repo.inventoriesByIds(deps.db, [...new Set(ids)])) as Inventory[];
  if (items.length === 0) throw notFound('Inventory not found');
  const bytes = await runJob(
    labelsJob,
    items.map((item) => ({ inventoryNumber: item.inventoryNumber, materialName: item.materialName, serial: item.serial })),
  );
  return asBuffer(bytes);
}
