import { defineJob, JOB_HEAP_MB, runJob } from './workers/jobs';
import type * as PdfJob from './pdf.render';

export type { PdfDocument } from './pdf.render';

/*
 * PDF generation off the event loop (issue #42): every PDF of the server — the contract summary
 * (issue #14), the inventory labels (issue #13), the vendor invoice's cover list (issue #16), the
 * dunning letter (issue #41) — is rendered by pdfmake in a job worker (lib/pdf.render.ts,
 * lib/workers/jobs.ts); the request builds the document definition and waits.
 */

/** Rendering one PDF: at most 30 s of work and the jobs' heap ({@link JOB_HEAP_MB}). Mutable limits: tests lower them. */
export const pdfRenderJob = defineJob<typeof PdfJob.renderPdfHere>(new URL('./pdf.render.ts', import.meta.url), 'renderPdfHere', { timeoutMs: 30_000, heapMb: JOB_HEAP_MB });

/** Bytes from a worker as a Buffer over the same memory. */
export const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Renders `doc` (a pdfmake document definition of plain data — it is copied to the worker, so no
 * functions; the default font is Roboto) → the PDF's bytes, in a job worker. Rejects with
 * pdfmake's error for a malformed definition or a refused URL / file read; past the job's limits
 * 422 `workTimedOut` / `workOutOfMemory`, 503 `workBusy`.
 */
export async function renderPdf(doc: PdfJob.PdfDocument): Promise<Buffer> {
  return asBuffer(await runJob(pdfRenderJob, doc));
}
