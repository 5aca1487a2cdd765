import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
// The zod-free entry: this module is also loaded by the parsing job's worker (e-invoices.job.ts).
import { parseMajorAmount } from '@servicedesk/contracts/plain/finance';
import type { EInvoiceLine } from '@servicedesk/contracts';
import { domainRule } from '../../lib/errors';

/*
 * ServiceDesk's own e-invoice export format (issue #16): an XML file holding several invoices. The
 * State Tax Service's e-qaimə export is read beside it by e-invoices.eqaime.ts (issue #41;
 * `parseAnyEInvoiceXml` picks the parser by the root element). This structure is OURS
 * (documented by the example file `e-invoices.example.xml` beside this file, shipped for the demo
 * and the tests):
 *
 *   <EInvoiceExport>                      root (a namespace prefix is ignored)
 *     <Invoice>                           one or more
 *       <Number/> <IssueDate>YYYY-MM-DD</IssueDate> <Currency>AZN</Currency>
 *       <Seller><Tin>10 digits</Tin><Name/></Seller> <Buyer><Tin/><Name/></Buyer>
 *       <Lines><Line> <Name/> <Unit/> <Quantity/> <UnitPrice/> <VatRate/> <NetAmount/> <VatAmount/> </Line>…</Lines>
 *       <Totals><Net/><Vat/><Gross/></Totals>  amounts in major units with up to 2 decimals ("1062.00")
 *     </Invoice>
 *   </EInvoiceExport>
 *
 * Safety: a DOCTYPE (and with it every entity declaration) is refused before parsing, and the
 * parser runs with entity processing OFF — no entity is ever expanded ("billion laughs", external
 * entities). Every refusal is 422 with the line it is about, and nothing is saved:
 * - `xmlDoctypeForbidden` { line } — a DOCTYPE / ENTITY declaration;
 * - `xmlInvalid` { line, column, reason } — not well-formed XML (fast-xml-parser's validator);
 * - `xmlUnknownStructure` { line, field, invoice? } — well-formed, but not this structure (a missing
 *   or malformed field, totals that do not add up).
 */

/** Most invoices one file may hold. */
export const EINVOICES_PER_FILE_MAX = 1000;

/** One e-invoice as the file says it (amounts in minor units). */
export interface ParsedEInvoice {
  index: number;
  line: number;
  number: string;
  issueDate: string;
  currency: string;
  sellerTin: string;
  sellerName: string;
  buyerTin: string;
  netTotal: number;
  vatTotal: number;
  grossTotal: number;
  lines: EInvoiceLine[];
  /** SHA-256 of the invoice's canonical content: the same invoice in any file has the same hash. */
  hash: string;
}

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** 1-based line number of character offset `offset` in `text`. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** The line of each opening tag `name` (any namespace prefix), in document order. */
export function tagLines(text: string, name: string): number[] {
  const out: number[] = [];
  const re = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${name}[\\s>/]`, 'g');
  let line = 1;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    line += lineAt(text.slice(last, m.index), m.index - last) - 1;
    last = m.index;
    out.push(line);
  }
  return out;
}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'Invoice' || name === 'Line',
});

/**
 * Parses an export into its invoices, or throws the 422 refusal naming the line (see the module
 * comment). Pure: reads nothing, saves nothing.
 */
export function parseEInvoiceXml(xml: string): ParsedEInvoice[] {
  checkWellFormed(xml);
  return parseOurs(xml);
}

/** Refuses a DOCTYPE / ENTITY declaration (422 `xmlDoctypeForbidden`) and XML that is not well-formed (422 `xmlInvalid`). */
export function checkWellFormed(xml: string): void {
  const doctype = /<!(DOCTYPE|ENTITY)/i.exec(xml);
  if (doctype) {
    throw domainRule('xmlDoctypeForbidden', `Line ${lineAt(xml, doctype.index)}: a DOCTYPE or entity declaration is not accepted in an e-invoice file.`, { line: lineAt(xml, doctype.index) });
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const { line, col, msg } = valid.err;
    throw domainRule('xmlInvalid', `Line ${line}, column ${col}: ${msg}`, { line, column: col, reason: msg });
  }
}

/** Our format, the file already checked by {@link checkWellFormed}. */
function parseOurs(xml: string): ParsedEInvoice[] {
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch (error) {
    throw domainRule('xmlInvalid', `The file is not readable XML: ${(error as Error).message}`, { line: 1, column: 1, reason: (error as Error).message });
  }
  const root = doc.EInvoiceExport;
  if (!Object.hasOwn(doc, 'EInvoiceExport') || Array.isArray(root)) {
    const first = /<(?![?!])/.exec(xml);
    const line = first ? lineAt(xml, first.index) : 1;
    throw domainRule('xmlUnknownStructure', `Line ${line}: the root element must be <EInvoiceExport>.`, { line, field: 'EInvoiceExport' });
  }
  const invoices = root && typeof root === 'object' ? (root as Node).Invoice : undefined;
  const invoiceLines = tagLines(xml, 'Invoice');
  const lineLines = tagLines(xml, 'Line');
  if (!Array.isArray(invoices) || invoices.length === 0) {
    throw domainRule('xmlUnknownStructure', 'The file holds no <Invoice>.', { line: invoiceLines[0] ?? 1, field: 'Invoice' });
  }
  if (invoices.length > EINVOICES_PER_FILE_MAX) {
    throw domainRule('xmlUnknownStructure', `A file may hold at most ${EINVOICES_PER_FILE_MAX} invoices.`, { line: invoiceLines[EINVOICES_PER_FILE_MAX] ?? 1, field: 'Invoice' });
  }

  let lineCursor = 0;
  return invoices.map((raw, i) => {
    const at = invoiceLines[i] ?? 1;
    const fail = (field: string, line = at, why = 'is missing or malformed'): never => {
      throw domainRule('xmlUnknownStructure', `Line ${line} (invoice ${i + 1}): <${field}> ${why}.`, { line, field, invoice: i + 1 });
    };
    const inv = (raw && typeof raw === 'object' ? raw : {}) as Node;
    const str = (node: Node, path: string, field: string, line = at, pattern?: RegExp): string => {
      let value: unknown = node;
      for (const key of path.split('/')) value = value && typeof value === 'object' ? (value as Node)[key] : undefined;
      if (typeof value !== 'string' || value === '' || value.length > 300 || (pattern && !pattern.test(value))) return fail(field, line);
      return value;
    };
    const amount = (node: Node, path: string, field: string, line = at): number => {
      const value = parseMajorAmount(str(node, path, field, line));
      return value === null ? fail(field, line, 'is not an amount (up to 2 decimals)') : value;
    };
    const decimal = (node: Node, path: string, field: string, line: number, places: number, max: number): number => {
      const text = str(node, path, field, line, new RegExp(`^\\d{1,10}(\\.\\d{1,${places}})?$`));
      const value = Number(text);
      return value > max ? fail(field, line, 'is out of range') : value;
    };

    const number = str(inv, 'Number', 'Number');
    const issueDate = str(inv, 'IssueDate', 'IssueDate', at, /^\d{4}-\d{2}-\d{2}$/);
    if (Number.isNaN(Date.parse(`${issueDate}T00:00:00Z`)) || new Date(`${issueDate}T00:00:00Z`).toISOString().slice(0, 10) !== issueDate) fail('IssueDate');
    const currency = str(inv, 'Currency', 'Currency', at, /^[A-Z]{3}$/);
    const sellerTin = str(inv, 'Seller/Tin', 'Seller/Tin', at, /^\d{10}$/);
    const sellerName = str(inv, 'Seller/Name', 'Seller/Name');
    const buyerTin = str(inv, 'Buyer/Tin', 'Buyer/Tin', at, /^\d{10}$/);
    const rawLines = (inv.Lines as Node | undefined)?.Line;
    if (!Array.isArray(rawLines) || rawLines.length === 0) fail('Lines/Line');
    const lines: EInvoiceLine[] = (rawLines as unknown[]).map((rawLine) => {
      const ln = lineLines[lineCursor++] ?? at;
      const node = (rawLine && typeof rawLine === 'object' ? rawLine : {}) as Node;
      const line: EInvoiceLine = {
        name: str(node, 'Name', 'Line/Name', ln),
        unit: typeof node.Unit === 'string' ? node.Unit.slice(0, 20) : '',
        quantity: decimal(node, 'Quantity', 'Line/Quantity', ln, 3, 1_000_000_000),
        unitPrice: amount(node, 'UnitPrice', 'Line/UnitPrice', ln),
        vatRate: decimal(node, 'VatRate', 'Line/VatRate', ln, 2, 100),
        net: amount(node, 'NetAmount', 'Line/NetAmount', ln),
        vat: amount(node, 'VatAmount', 'Line/VatAmount', ln),
      };
      return line;
    });
    const netTotal = amount(inv, 'Totals/Net', 'Totals/Net');
    const vatTotal = amount(inv, 'Totals/Vat', 'Totals/Vat');
    const grossTotal = amount(inv, 'Totals/Gross', 'Totals/Gross');
    if (netTotal + vatTotal !== grossTotal) fail('Totals/Gross', at, 'is not Net + Vat');
    const sums = lines.reduce((s, l) => ({ net: s.net + l.net, vat: s.vat + l.vat }), { net: 0, vat: 0 });
    if (sums.net !== netTotal || sums.vat !== vatTotal) fail('Totals', at, 'does not equal the sum of the lines');
    const canonical = JSON.stringify({ sellerTin, buyerTin, number, issueDate, currency, netTotal, vatTotal, grossTotal, lines });
    return { index: i + 1, line: at, number, issueDate, currency, sellerTin, sellerName, buyerTin, netTotal, vatTotal, grossTotal, lines, hash: sha256(canonical) };
  });
}
