import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { pdfRenderJob, renderPdf } from './pdf';
import { closeJobs } from './workers/jobs';

// PDF generation off the event loop (issue #42): pdfmake lays out and writes the document in a job
// worker, so a long document does not hold the requests meanwhile, and one past its limit is stopped.

/** A document with a table of `rows` rows (Azerbaijani and Russian letters included). */
const longDocument = (rows: number) => ({
  content: [
    { text: 'Hesabat — Отчёт', fontSize: 14 },
    { table: { headerRows: 1, widths: [40, '*', 80], body: [['№', 'Ad', 'Məbləğ'], ...Array.from({ length: rows }, (_, i) => [String(i + 1), `Sətir ${i} şəxs ğ ı ə — строка`, `${i},00`])] } },
  ],
});

/** Counts this thread's event-loop turns while `work` runs. */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  void work.finally(() => (done = true)).catch(() => undefined);
  while (!done) {
    await new Promise((resolve) => setImmediate(resolve));
    turns++;
  }
  return turns;
}

afterAll(async () => {
  await closeJobs();
});

describe('renderPdf', () => {
  it('renders a long document in a worker while this thread goes on turning', async () => {
    const rendering = renderPdf(longDocument(1000));
    expect(await turnsDuring(rendering)).toBeGreaterThan(10);
    const pdf = await rendering;
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(20_000);
  });

  it('stops a document past its time limit with 422 workTimedOut; the next one renders', async () => {
    const saved = pdfRenderJob.limits.timeoutMs;
    pdfRenderJob.limits.timeoutMs = 50;
    let error: unknown;
    try {
      await renderPdf(longDocument(20_000));
    } catch (e) {
      error = e;
    } finally {
      pdfRenderJob.limits.timeoutMs = saved;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 422, code: 'workTimedOut', details: { seconds: 1 } });
    expect((await renderPdf({ content: ['Salam'] })).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
