import { parseAnyEInvoiceXml } from './e-invoices.eqaime';
import { sha256, type ParsedEInvoice } from './e-invoices.parser';

/*
 * The e-invoice file read as a job (lib/workers/jobs.ts, issue #42): a 30,000-line export took the
 * event loop for 3–7 s to check, parse and hash. Loaded only in the worker.
 */

/** An invoice as the job answers it: its lines only when asked (an import saves them; a preview shows their count). */
export type ReadInvoice = Omit<ParsedEInvoice, 'lines'> & { lineCount: number; lines: ParsedEInvoice['lines'] | null };

/**
 * The SHA-256 of the file's text and its invoices (either format: e-invoices.eqaime.ts
 * `parseAnyEInvoiceXml`), with their lines when `withLines` (else `lines` null: copying 30,000
 * line objects back to the request costs its thread tens of ms), or its 422 refusal
 * (`xmlDoctypeForbidden`, `xmlInvalid`, `xmlUnknownStructure` naming the line).
 */
export function parseEInvoiceFile(input: { xml: string; withLines: boolean }): { fileHash: string; parsed: ReadInvoice[] } {
  const parsed = parseAnyEInvoiceXml(input.xml).map((p) => ({ ...p, lineCount: p.lines.length, lines: input.withLines ? p.lines : null }));
  return { fileHash: sha256(input.xml), parsed };
}
