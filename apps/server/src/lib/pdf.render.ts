import { createRequire } from 'node:module';
import path from 'node:path';

/*
 * The one PDF library of the server: pdfmake (a maintained library; its server build is CommonJS)
 * with the Roboto it ships, which has every Azerbaijani, Russian and Turkish letter (ə, ğ, ı, ş,
 * Cyrillic). Nothing is ever fetched: URLs are refused and only the font files may be read from
 * disk (images are passed as data URLs). This is the rendering itself, run in a job worker
 * (lib/pdf.ts renderPdf, issue #42: a large document took the event loop while pdfmake laid it out).
 */

const require = createRequire(import.meta.url);

/** A pdfmake document definition (https://pdfmake.github.io/docs/0.3/document-definition-object/), plain data only. */
export type PdfDocument = Record<string, unknown> & { content: unknown };

interface PdfMake {
  setFonts(fonts: unknown): void;
  setUrlAccessPolicy(callback: (url: string) => boolean): void;
  setLocalAccessPolicy(callback: (file: string) => boolean): void;
  createPdf(doc: unknown): { getBuffer(): Promise<Buffer> };
}

let printer: PdfMake | undefined;
function pdfmake(): PdfMake {
  if (!printer) {
    printer = require('pdfmake') as PdfMake;
    const fonts = require('pdfmake/fonts/Roboto.js') as Record<string, Record<string, string>>;
    const fontDir = path.dirname(require.resolve('pdfmake/fonts/Roboto.js'));
    printer.setFonts(fonts);
    printer.setUrlAccessPolicy(() => false);
    printer.setLocalAccessPolicy((file) => path.resolve(file).startsWith(fontDir));
  }
  return printer;
}

/**
 * Renders `doc` on this thread → the PDF's bytes. Rejects with pdfmake's error for a malformed
 * definition or a refused URL / file read. The job of lib/pdf.ts (and of the label sheets).
 */
export async function renderPdfHere(doc: PdfDocument): Promise<Uint8Array> {
  return pdfmake().createPdf(doc).getBuffer();
}
