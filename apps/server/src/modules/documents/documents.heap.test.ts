import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documentVersions } from '../../db/schema';
import { applyHeapMode, heapGrowingPercent } from '../../process-memory';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { closeTextExtraction } from './documents.text';
import { documentsFixture, pdfWithText, type DocumentsFixture } from './documents.test-support';

/*
 * Issue #42 leftover: a version's text is extracted in a worker thread (documents.text.ts, its own
 * heap limit), so saving one must not switch the request thread to the small heap
 * (process-memory withSmallHeap): that switch costs every call in flight a full collection
 * (~10–30 ms) when it starts, and then more frequent collections while the extraction waits on
 * its worker — for a heap the extraction does not use.
 */
describe('saving a document version leaves the request thread’s heap alone', () => {
  let t: TestApp;
  let f: DocumentsFixture;
  let folder: number;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    f = await documentsFixture(t);
    folder = await f.folder('clerk', 'Yığın');
    applyHeapMode('small');
  });
  afterAll(async () => {
    applyHeapMode('default');
    await t?.close();
    await closeTextExtraction();
  });

  it('keeps V8’s own heap growth on the request thread while the worker extracts the text (the text is read all the same)', async () => {
    let saved = false;
    const saving = f.document('clerk', folder, 'Heap', { name: 'heap.pdf', bytes: pdfWithText(['Heap probe 42']) }).finally(() => {
      saved = true;
    });
    // The growth asked of V8 on every turn of the event loop while the save runs.
    const seen = new Set<number>();
    while (!saved) {
      seen.add(heapGrowingPercent());
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const detail = await saving;
    expect([...seen]).toEqual([0]);
    const [version] = await t.app.deps.db.select({ text: documentVersions.text }).from(documentVersions).where(eq(documentVersions.documentId, detail.document.id));
    expect(version?.text).toContain('Heap probe 42');
  });
});
