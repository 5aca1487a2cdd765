import { createRequire } from 'node:module';
import path from 'node:path';

/*
 * The one PDF library of the server: pdfmake (a maintained library; its server build is CommonJS)
 * with the Roboto it ships, which has every Azerbaijani, Russian and Turkish letter (ə, ğ, ı, ş,
 * Cyrillic). Used by the contract summary (issue #14), the inventory labels (issue #13) and the
 * vendor invoice's cover list (issue #16). Nothing is ever fetched: URLs are refused and only the
 * font files may be read from disk (images are passed as data URLs).
 */

const require = createRequire(import.meta.url);

/** A pdfmake document definition (https://pdfmake.github.io/docs/0.3/document-definition-object/). */
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
 * Renders `doc` (a pdfmake document definition; the default font is Roboto) → the PDF's bytes.
 * Rejects with pdfmake's error for a malformed definition or a refused URL / file read.
 */
export async function renderPdf(doc: PdfDocument): Promise<Buffer> {
  return pdfmake().createPdf(doc).getBuffer();
}
