import { parseAnyEInvoiceXml } from './e-invoices.eqaime';
import { sha256, type ParsedEInvoice } from './e-invoices.parser';

/*
 * The e-invoice file read as a job (lib/workers/jobs.ts, issue #42): a 30,000-line export took the
 * event loop for 3–7 s to check, parse and hash. Loaded only in the worker.
 */

/**
 * The SHA-256 of the file's text and its invoices (either format: e-invoices.eqaime.ts
 * `parseAnyEInvoiceXml`), or its 422 refusal (`xmlDoctypeForbidden`, `xmlInvalid`,
 * `xmlUnknownStructure` naming the line).
 */
export function parseEInvoiceFile(input: { xml: string }): { fileHash: string; parsed: ParsedEInvoice[] } {
  return { fileHash: sha256(input.xml), parsed: parseAnyEInvoiceXml(input.xml) };
}
