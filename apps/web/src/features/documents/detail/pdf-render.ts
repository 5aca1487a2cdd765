/*
 * pdf.js (pdfjs-dist) for the document preview (issue #41), loaded only when a PDF is previewed: this
 * module is imported dynamically by PdfView, and pdf.js and its worker are imported dynamically
 * here — so neither is in any route's first JavaScript (web README "Bundle budgets").
 */

/** An opened PDF: how many pages, drawing page `n` (from 1) into a canvas at the container's width, and closing it. */
export interface OpenedPdf {
  pages: number;
  render(n: number, canvas: HTMLCanvasElement, width: number): Promise<void>;
  destroy(): Promise<void>;
}

/** Opens the PDF `bytes` with pdf.js in its worker; rejects on a broken file. */
export async function openPdf(bytes: ArrayBuffer): Promise<OpenedPdf> {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  // No scripts, no fonts fetched from elsewhere: a preview shows the page, nothing else.
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, enableXfa: false }).promise;
  return {
    pages: doc.numPages,
    render: async (n, canvas, width) => {
      const page = await doc.getPage(n);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: Math.max(0.5, Math.min(3, width / base.width)) });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      await page.render({ canvas, viewport }).promise;
    },
    destroy: () => doc.destroy(),
  };
}
