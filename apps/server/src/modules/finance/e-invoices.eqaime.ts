import { XMLParser } from 'fast-xml-parser';
// The zod-free entry: this module is also loaded by the parsing job's worker (e-invoices.job.ts).
import { parseMajorAmount } from '@servicedesk/contracts/plain/finance';
import type { EInvoiceLine } from '@servicedesk/contracts';
import { domainRule } from '../../lib/errors';
import { checkWellFormed, EINVOICES_PER_FILE_MAX, parseEInvoiceXml, sha256, tagLines, type ParsedEInvoice } from './e-invoices.parser';

/*
 * The State Tax Service's e-qaimə export (issue #41): the electronic invoices (elektron
 * qaimə-faktura) of the e-taxes.gov.az system, read beside our own format (e-invoices.parser.ts).
 *
 * SOURCE AND WHAT IS ASSUMED. The Service publishes "Elektron qaimə-faktura fayllarının formatı və
 * nümunələr" (the XML format with an XSD and samples; taxes.gov.az/az/page/e-qaime-faktura, updated
 * 16.02.2018, and e-taxes.gov.az/dispatcher?menu=eqm, updated 23.11.2023); the XSD and samples
 * themselves were not reachable while this was written. The element names and nesting below are
 * therefore ASSUMED; what they carry is not: the requisites the Cabinet of Ministers' rules require
 * on an e-invoice (decision No. 89 of 14.03.2017, "Elektron qaimə-fakturanın forması, tətbiqi,
 * uçotu və istifadəsi Qaydaları", as amended by decision No. 26 of 02.02.2021 — series and number,
 * date, the seller's and buyer's TIN (VÖEN) and name, per line the goods code, the GTIN (2.3.10),
 * name, unit, quantity, price, amount, VAT). When the published XSD is at hand, only the paths in
 * `PATHS` should need changing. The sample kept for the demo and the tests: e-qaime.example.xml.
 *
 *   <EQaimeler>                                root (any namespace; a prefix is ignored)
 *     <Qaime>                                  one or more
 *       <Seriya/> <Nomre/>                     series and number → our number "SERIYA NOMRE"
 *       <Tarix>DD.MM.YYYY</Tarix> (or YYYY-MM-DD)  <Valyuta>AZN</Valyuta> (absent: AZN)
 *       <Satici><VOEN>10 digits</VOEN><Ad/></Satici>  <Alici><VOEN/><Ad/></Alici>
 *       <Mallar><Mal> <Kod/> <GTIN/> <Ad/> <OlcuVahidi/> <Miqdar/> <Qiymet/> <Mebleg/> <EDVDerecesi/> <EDVMeblegi/> </Mal>…</Mallar>
 *       <Yekun><Mebleg/><EDV/><Cemi/></Yekun>   net, VAT, gross; major units, up to 2 decimals
 *     </Qaime>
 *   </EQaimeler>
 *
 * The same safety and refusals as our format: DOCTYPE refused, entities never expanded, 422
 * `xmlDoctypeForbidden` / `xmlInvalid` / `xmlUnknownStructure` { line, field, invoice } naming
 * the line; nothing is saved.
 */

type Node = Record<string, unknown>;

const PATHS = {
  root: 'EQaimeler',
  invoice: 'Qaime',
  series: 'Seriya',
  number: 'Nomre',
  date: 'Tarix',
  currency: 'Valyuta',
  sellerTin: 'Satici/VOEN',
  sellerName: 'Satici/Ad',
  buyerTin: 'Alici/VOEN',
  lines: 'Mallar',
  line: 'Mal',
  lineName: 'Ad',
  lineUnit: 'OlcuVahidi',
  lineQuantity: 'Miqdar',
  linePrice: 'Qiymet',
  lineNet: 'Mebleg',
  lineVatRate: 'EDVDerecesi',
  lineVat: 'EDVMeblegi',
  net: 'Yekun/Mebleg',
  vat: 'Yekun/EDV',
  gross: 'Yekun/Cemi',
} as const;

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === PATHS.invoice || name === PATHS.line,
});

/** True when the file's root element is the tax office's e-qaimə export (any namespace prefix). */
export function isEQaimeXml(xml: string): boolean {
  const root = /<(?![?!])(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(xml.replace(/<!--[\s\S]*?-->/g, ''));
  return root?.[1] === PATHS.root;
}

/** Parses an e-qaimə export into its invoices (amounts in minor units), or throws the 422 refusal naming the line. Pure. */
export function parseEQaimeXml(xml: string): ParsedEInvoice[] {
  checkWellFormed(xml);
  const doc = parser.parse(xml) as Node;
  const root = doc[PATHS.root];
  if (!root || typeof root !== 'object' || Array.isArray(root)) throw domainRule('xmlUnknownStructure', `Line 1: the root element must be <${PATHS.root}>.`, { line: 1, field: PATHS.root });
  const invoices = (root as Node)[PATHS.invoice];
  const invoiceLines = tagLines(xml, PATHS.invoice);
  const lineLines = tagLines(xml, PATHS.line);
  if (!Array.isArray(invoices) || invoices.length === 0) throw domainRule('xmlUnknownStructure', `The file holds no <${PATHS.invoice}>.`, { line: 1, field: PATHS.invoice });
  if (invoices.length > EINVOICES_PER_FILE_MAX) {
    throw domainRule('xmlUnknownStructure', `A file may hold at most ${EINVOICES_PER_FILE_MAX} invoices.`, { line: invoiceLines[EINVOICES_PER_FILE_MAX] ?? 1, field: PATHS.invoice });
  }
  let lineCursor = 0;
  return invoices.map((raw, i) => {
    const at = invoiceLines[i] ?? 1;
    const fail = (field: string, line = at, why = 'is missing or malformed'): never => {
      throw domainRule('xmlUnknownStructure', `Line ${line} (invoice ${i + 1}): <${field}> ${why}.`, { line, field, invoice: i + 1 });
    };
    const read = (node: Node, path: string): unknown => path.split('/').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Node)[key] : undefined), node);
    const str = (node: Node, path: string, line = at, pattern?: RegExp): string => {
      const value = read(node, path);
      if (typeof value !== 'string' || value === '' || value.length > 300 || (pattern && !pattern.test(value))) return fail(path, line);
      return value;
    };
    const amount = (node: Node, path: string, line = at): number => {
      const value = parseMajorAmount(str(node, path, line).replace(',', '.'));
      return value === null ? fail(path, line, 'is not an amount (up to 2 decimals)') : value;
    };
    const decimal = (node: Node, path: string, line: number, places: number, max: number): number => {
      const text = str(node, path, line, new RegExp(`^\\d{1,10}([.,]\\d{1,${places}})?$`)).replace(',', '.');
      const value = Number(text);
      return value > max ? fail(path, line, 'is out of range') : value;
    };
    const inv = (raw && typeof raw === 'object' ? raw : {}) as Node;
    const series = typeof inv[PATHS.series] === 'string' ? (inv[PATHS.series] as string) : '';
    const number = `${series} ${str(inv, PATHS.number)}`.trim().slice(0, 50);
    const dateText = str(inv, PATHS.date, at, /^(\d{2}\.\d{2}\.\d{4}|\d{4}-\d{2}-\d{2})$/);
    const issueDate = dateText.includes('.') ? `${dateText.slice(6, 10)}-${dateText.slice(3, 5)}-${dateText.slice(0, 2)}` : dateText;
    if (Number.isNaN(Date.parse(`${issueDate}T00:00:00Z`)) || new Date(`${issueDate}T00:00:00Z`).toISOString().slice(0, 10) !== issueDate) fail(PATHS.date);
    const currency = inv[PATHS.currency] === undefined || inv[PATHS.currency] === '' ? 'AZN' : str(inv, PATHS.currency, at, /^[A-Z]{3}$/);
    const sellerTin = str(inv, PATHS.sellerTin, at, /^\d{10}$/);
    const sellerName = str(inv, PATHS.sellerName);
    const buyerTin = str(inv, PATHS.buyerTin, at, /^\d{10}$/);
    const rawLines = read(inv, `${PATHS.lines}/${PATHS.line}`);
    if (!Array.isArray(rawLines) || rawLines.length === 0) fail(`${PATHS.lines}/${PATHS.line}`);
    const lines: EInvoiceLine[] = (rawLines as unknown[]).map((rawLine) => {
      const ln = lineLines[lineCursor++] ?? at;
      const node = (rawLine && typeof rawLine === 'object' ? rawLine : {}) as Node;
      const unit = node[PATHS.lineUnit];
      return {
        name: str(node, PATHS.lineName, ln),
        unit: typeof unit === 'string' ? unit.slice(0, 20) : '',
        quantity: decimal(node, PATHS.lineQuantity, ln, 3, 1_000_000_000),
        unitPrice: amount(node, PATHS.linePrice, ln),
        vatRate: decimal(node, PATHS.lineVatRate, ln, 2, 100),
        net: amount(node, PATHS.lineNet, ln),
        vat: amount(node, PATHS.lineVat, ln),
      };
    });
    const netTotal = amount(inv, PATHS.net);
    const vatTotal = amount(inv, PATHS.vat);
    const grossTotal = amount(inv, PATHS.gross);
    if (netTotal + vatTotal !== grossTotal) fail(PATHS.gross, at, 'is not the amount plus VAT');
    const sums = lines.reduce((s, l) => ({ net: s.net + l.net, vat: s.vat + l.vat }), { net: 0, vat: 0 });
    if (sums.net !== netTotal || sums.vat !== vatTotal) fail('Yekun', at, 'does not equal the sum of the lines');
    const canonical = JSON.stringify({ sellerTin, buyerTin, number, issueDate, currency, netTotal, vatTotal, grossTotal, lines });
    return { index: i + 1, line: at, number, issueDate, currency, sellerTin, sellerName, buyerTin, netTotal, vatTotal, grossTotal, lines, hash: sha256(canonical) };
  });
}

/** Either format, chosen by the root element: the tax office's e-qaimə export or ours. */
export function parseAnyEInvoiceXml(xml: string): ParsedEInvoice[] {
  return isEQaimeXml(xml) ? parseEQaimeXml(xml) : parseEInvoiceXml(xml);
}
