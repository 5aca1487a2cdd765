import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { eInvoiceDetail, eInvoiceImportResult, eInvoiceListResponse } from '@servicedesk/contracts';
import { eInvoiceImports, eInvoices } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { parseEInvoiceXml } from './e-invoices.parser';
import { financeFixture, signedInUserWith, uniqueNumber, type FinanceFixture } from './finance.test-support';

/*
 * E-invoices (issue #16): the tax portal's XML export previewed, matched and imported; importing
 * the same file twice changes nothing; malformed and hostile files are refused with the line named
 * and nothing saved — the parser fuzzed with truncated and hostile input (no 5xx, no entity
 * expansion).
 */

const EXAMPLE = readFileSync(new URL('./e-invoices.example.xml', import.meta.url), 'utf8');

/** An export of one invoice (amounts in major units). */
function exportOf(o: { number: string; tin?: string; date?: string; qty?: string; price?: string; net?: string; vat?: string; gross?: string }): string {
  const { number, tin = '1400123451', date = '2026-11-20', qty = '2', price = '1450.00', net = '2900.00', vat = '522.00', gross = '3422.00' } = o;
  return `<?xml version="1.0" encoding="UTF-8"?>
<EInvoiceExport>
  <Invoice>
    <Number>${number}</Number><IssueDate>${date}</IssueDate><Currency>AZN</Currency>
    <Seller><Tin>${tin}</Tin><Name>Satıcı</Name></Seller><Buyer><Tin>1300000001</Tin><Name>Alıcı</Name></Buyer>
    <Lines><Line><Name>Noutbuk</Name><Unit>ədəd</Unit><Quantity>${qty}</Quantity><UnitPrice>${price}</UnitPrice><VatRate>18</VatRate><NetAmount>${net}</NetAmount><VatAmount>${vat}</VatAmount></Line></Lines>
    <Totals><Net>${net}</Net><Vat>${vat}</Vat><Gross>${gross}</Gross></Totals>
  </Invoice>
</EInvoiceExport>`;
}

describe('the e-invoice parser', () => {
  it('reads the shipped example: four invoices with their lines, amounts in minor units and the line each starts on', () => {
    const parsed = parseEInvoiceXml(EXAMPLE);
    expect(parsed.map((p) => [p.number, p.sellerTin, p.grossTotal, p.lines.length])).toEqual([
      ['KM-2026-1187', '1400123451', 356950, 2],
      ['OT-2026-0298', '1400123452', 70800, 1],
      ['BE-5521', '1400123453', 109740, 1],
      ['XR-0042', '1799999991', 21240, 1],
    ]);
    expect(parsed[0]!.lines[1]).toEqual({ name: 'Siçan Logitech M185', unit: 'ədəd', quantity: 5, unitPrice: 2500, vatRate: 18, net: 12500, vat: 2250 });
    expect(parsed[0]!.line).toBe(9);
    expect(new Set(parsed.map((p) => p.hash)).size).toBe(4);
  });

  const refusal = (xml: string) => {
    try {
      parseEInvoiceXml(xml);
    } catch (error) {
      if (error instanceof AppError) return { status: error.statusCode, code: error.code, details: error.details as { line: number } };
      throw error;
    }
    return null;
  };

  it('names the line of a malformed file', () => {
    expect(refusal('<EInvoiceExport>\n  <Invoice>\n    <Number>1</Numbr>\n')).toMatchObject({ status: 422, code: 'xmlInvalid', details: { line: 3 } });
    expect(refusal('<Something><Invoice/></Something>')).toMatchObject({ code: 'xmlUnknownStructure', details: { line: 1, field: 'EInvoiceExport' } });
    const missingTin = EXAMPLE.replace('<Tin>1400123452</Tin>', '');
    expect(refusal(missingTin)).toMatchObject({ code: 'xmlUnknownStructure', details: { line: 21, field: 'Seller/Tin', invoice: 2 } });
    const badAmount = EXAMPLE.replace('<UnitPrice>25.00</UnitPrice>', '<UnitPrice>25,5x</UnitPrice>');
    expect(refusal(badAmount)).toMatchObject({ code: 'xmlUnknownStructure', details: { line: 17, field: 'Line/UnitPrice', invoice: 1 } });
    const badTotals = EXAMPLE.replace('<Gross>708.00</Gross>', '<Gross>709.00</Gross>');
    expect(refusal(badTotals)).toMatchObject({ code: 'xmlUnknownStructure', details: { field: 'Totals/Gross', invoice: 2 } });
    expect(refusal('<EInvoiceExport></EInvoiceExport>')).toMatchObject({ code: 'xmlUnknownStructure', details: { field: 'Invoice' } });
  });

  it('never expands an entity: a DOCTYPE (billion laughs, external entities) is refused before parsing', () => {
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>\n<EInvoiceExport><Invoice><Number>&lol2;</Number></Invoice></EInvoiceExport>`;
    expect(refusal(laughs)).toMatchObject({ code: 'xmlDoctypeForbidden', details: { line: 2 } });
    const external = `<?xml version="1.0"?>\n\n<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><EInvoiceExport/>`;
    expect(refusal(external)).toMatchObject({ code: 'xmlDoctypeForbidden', details: { line: 3 } });
    // A predefined entity stays as written (no processing at all).
    const amp = parseEInvoiceXml(exportOf({ number: 'A&amp;B' }));
    expect(amp[0]!.number).toBe('A&amp;B');
  });

  it('fuzz: truncated or mutated exports and arbitrary text are refused with 422 only — never another error', () => {
    const outcome = (xml: string) => {
      try {
        parseEInvoiceXml(xml);
        return 'ok';
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 422 && typeof (error.details as { line?: unknown }).line === 'number') return 'refused';
        throw error;
      }
    };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: EXAMPLE.length }), (cut) => {
        const result = outcome(EXAMPLE.slice(0, cut));
        return cut === EXAMPLE.length ? result === 'ok' : true;
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: EXAMPLE.length - 1 }), fc.string({ maxLength: 12 }), (at, insert) => {
        outcome(EXAMPLE.slice(0, at) + insert + EXAMPLE.slice(at));
      }),
      { numRuns: 300 },
    );
    fc.assert(fc.property(fc.string({ maxLength: 400 }), (text) => void outcome(text)), { numRuns: 300 });
    fc.assert(
      fc.property(fc.constantFrom('<!DOCTYPE', '<!ENTITY', '&lol;', ']]>', '<![CDATA[', '<?', '\u0000', '\uFEFF'), fc.integer({ min: 0, max: EXAMPLE.length }), (bad, at) => {
        outcome(EXAMPLE.slice(0, at) + bad + EXAMPLE.slice(at));
      }),
      { numRuns: 200 },
    );
  });
});

describe.each(backends)('e-invoice import on %s', (backend) => {
  let t: TestApp;
  let f: FinanceFixture;
  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await financeFixture(t);
  });
  afterAll(async () => {
    await t?.close();
  });
  const importCounts = async () => ({
    files: (await t.app.deps.db.select().from(eInvoiceImports)).length,
    invoices: (await t.app.deps.db.select().from(eInvoices)).length,
  });

  it('previews the shipped example against the demo data — matched, differences, vendor only, unmatched — and saves nothing', async () => {
    const before = await importCounts();
    const res = await f.call('accountant', 'POST', '/api/finance/eInvoices/preview', { fileName: 'example.xml', xml: EXAMPLE });
    expect(res.status).toBe(200);
    const preview = eInvoiceImportResult.parse(res.json);
    expect(preview.alreadyImported).toBe(false);
    expect(preview.invoices.map((i) => [i.number, i.matchStatus, i.action])).toEqual([
      ['KM-2026-1187', 'matched', 'create'],
      ['OT-2026-0298', 'differences', 'create'],
      ['BE-5521', 'vendorOnly', 'create'],
      ['XR-0042', 'unmatched', 'create'],
    ]);
    expect(preview.invoices[1]!.differences).toEqual([
      { field: 'netTotal', xml: '60000', invoice: '62500' },
      { field: 'vatTotal', xml: '10800', invoice: '11250' },
      { field: 'grossTotal', xml: '70800', invoice: '73750' },
    ]);
    expect(await importCounts()).toEqual(before);
  });

  it('imports once: the same file again changes nothing, and an invoice seen in another file is skipped', async () => {
    const first = eInvoiceImportResult.parse((await f.call('accountant', 'POST', '/api/finance/eInvoices/import', { fileName: 'example.xml', xml: EXAMPLE })).json);
    expect(first).toMatchObject({ alreadyImported: false, created: 4, skipped: 0 });
    const after = await importCounts();
    const again = eInvoiceImportResult.parse((await f.call('accountant', 'POST', '/api/finance/eInvoices/import', { fileName: 'example (1).xml', xml: EXAMPLE })).json);
    expect(again).toMatchObject({ alreadyImported: true, created: 0, skipped: 4 });
    expect(await importCounts()).toEqual(after);
    const preview = eInvoiceImportResult.parse((await f.call('accountant', 'POST', '/api/finance/eInvoices/preview', { fileName: 'x.xml', xml: EXAMPLE })).json);
    expect(preview.alreadyImported).toBe(true);
    // The same invoices with a different comment are another file, but every invoice is known.
    const reworded = EXAMPLE.replace('A MADE-UP example', 'An invented example');
    const other = eInvoiceImportResult.parse((await f.call('accountant', 'POST', '/api/finance/eInvoices/import', { fileName: 'other.xml', xml: reworded })).json);
    expect(other).toMatchObject({ alreadyImported: false, created: 0, skipped: 4 });
    expect((await importCounts()).invoices).toBe(after.invoices);

    // The matched vendor invoice shows the e-invoice and a history row; the XML keeps its lines.
    const km = first.invoices[0]!;
    const invoice = await f.call('director', 'GET', `/api/finance/vendorInvoices/${km.vendorInvoice!.id}`);
    expect(invoice.json.eInvoices).toHaveLength(1);
    expect(invoice.json.history.map((h: { action: string }) => h.action)).toContain('eInvoiceMatched');
    const list = eInvoiceListResponse.parse((await f.call('accountant', 'POST', '/api/finance/eInvoices/grid', { matchStatus: ['differences'] })).json);
    expect(list.rows.map((r) => r.number)).toContain('OT-2026-0298');
    const detail = eInvoiceDetail.parse((await f.call('accountant', 'GET', `/api/finance/eInvoices/${list.rows.find((r) => r.number === 'OT-2026-0298')!.id}`)).json);
    expect(detail.lines[0]).toMatchObject({ quantity: 48, net: 60000 });
  });

  it('matches by hand to an invoice of the same vendor only', async () => {
    const number = uniqueNumber('EI');
    const d = await f.create({ number, lines: [{ description: 'Noutbuk', quantity: 2, unitPrice: 145000, vatRate: 18 }] });
    const other = await f.create();
    const res = eInvoiceImportResult.parse((await f.call('accountant', 'POST', '/api/finance/eInvoices/import', { fileName: 'one.xml', xml: exportOf({ number: `${number}-X` }) })).json);
    expect(res.invoices[0]!.matchStatus).toBe('vendorOnly');
    const [row] = await t.app.deps.db.select().from(eInvoices).where(eq(eInvoices.number, `${number}-X`));
    const matched = await f.call('accountant', 'POST', `/api/finance/eInvoices/${row!.id}/match`, { vendorInvoiceId: d.invoice.id });
    expect(matched.json).toMatchObject({ matchStatus: 'matched', vendorInvoiceId: d.invoice.id, differences: [] });
    const unlinked = await f.call('accountant', 'POST', `/api/finance/eInvoices/${row!.id}/match`, { vendorInvoiceId: null });
    expect(unlinked.json).toMatchObject({ matchStatus: 'vendorOnly', vendorInvoiceId: null });
    void other;
    const foreign = await f.call('accountant', 'POST', `/api/finance/eInvoices/${row!.id}/match`, { vendorInvoiceId: 999999 });
    expect(foreign.status).toBe(404);
  });

  it("matching by hand reads no vendor invoice the matcher may not open: 404 as for none, no totals in the answer (issue #42)", async () => {
    const number = uniqueNumber('EJ');
    // The clerk's invoice: its totals are the clerk's, the director's, the accountants' to see.
    const hidden = await f.create({ number, lines: [{ description: 'Noutbuk', quantity: 3, unitPrice: 99900, vatRate: 18 }] });
    await f.call('accountant', 'POST', '/api/finance/eInvoices/import', { fileName: 'hidden.xml', xml: exportOf({ number: `${number}-Y` }) });
    const [row] = await t.app.deps.db.select().from(eInvoices).where(eq(eInvoices.number, `${number}-Y`));
    const matcher = await signedInUserWith(t, ['finance.vendorInvoices', 'finance.eInvoices', 'finance.eInvoices.match']);
    expect((await t.as(matcher.token, { method: 'GET', url: `/api/finance/vendorInvoices/${hidden.invoice.id}` })).statusCode).toBe(403);
    const res = await t.as(matcher.token, { method: 'POST', url: `/api/finance/eInvoices/${row!.id}/match`, payload: { vendorInvoiceId: hidden.invoice.id } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(String(hidden.invoice.grossTotal));
    expect((await t.app.deps.db.select().from(eInvoices).where(eq(eInvoices.id, row!.id)))[0]!.vendorInvoiceId).toBeNull();
    // Who may open it matches it.
    const ok = await f.call('accountant', 'POST', `/api/finance/eInvoices/${row!.id}/match`, { vendorInvoiceId: hidden.invoice.id });
    expect(ok.json).toMatchObject({ vendorInvoiceId: hidden.invoice.id });
  });

  it('a preview, the list and the detail name a matched vendor invoice (id, number, its totals in the differences) only to who may open it (issue #42)', async () => {
    const number = uniqueNumber('EK');
    // The clerk's invoice; the e-invoice of the same number and seller matches it, with differences.
    const hidden = await f.create({ number, lines: [{ description: 'Noutbuk', quantity: 3, unitPrice: 99900, vatRate: 18 }] });
    const importer = await signedInUserWith(t, ['finance.vendorInvoices', 'finance.eInvoices', 'finance.eInvoices.import']);
    expect((await t.as(importer.token, { method: 'GET', url: `/api/finance/vendorInvoices/${hidden.invoice.id}` })).statusCode).toBe(403);
    const xml = exportOf({ number });
    const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.as(importer.token, { method, url, ...(payload ? { payload } : {}) });
    // (The invoice's number is the XML's own — that is how they match —, so the fields are compared, and the body searched for the id and the invoice's total.)
    const leaks = (body: string) => [`"vendorInvoiceId":${hidden.invoice.id}`, `"id":${hidden.invoice.id},`, String(hidden.invoice.grossTotal)].filter((s) => body.includes(s));

    const preview = await call('POST', '/api/finance/eInvoices/preview', { fileName: 'hidden-match.xml', xml });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(eInvoiceImportResult.parse(preview.json()).invoices[0]).toMatchObject({ matchStatus: 'differences', vendorInvoice: null, differences: [] });
    expect(leaks(preview.body)).toEqual([]);
    const imported = await call('POST', '/api/finance/eInvoices/import', { fileName: 'hidden-match.xml', xml });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(leaks(imported.body)).toEqual([]);
    const [row] = await t.app.deps.db.select().from(eInvoices).where(eq(eInvoices.number, number));
    // The import linked them all the same (the match is the e-invoice's fact) …
    expect(row!.vendorInvoiceId).toBe(hidden.invoice.id);
    // … but the importer's list and detail show no field of that invoice.
    const grid = await call('POST', '/api/finance/eInvoices/grid', { search: number });
    expect(eInvoiceListResponse.parse(grid.json()).rows).toEqual([expect.objectContaining({ id: row!.id, matchStatus: 'differences', vendorInvoiceId: null, vendorInvoiceNumber: null })]);
    expect(leaks(grid.body)).toEqual([]);
    const detail = await call('GET', `/api/finance/eInvoices/${row!.id}`);
    expect(eInvoiceDetail.parse(detail.json())).toMatchObject({ vendorInvoiceId: null, vendorInvoiceNumber: null, differences: [] });
    expect(leaks(detail.body)).toEqual([]);
    // Who may open the invoice sees the match in full.
    const seen = await f.call('accountant', 'GET', `/api/finance/eInvoices/${row!.id}`);
    expect(seen.json).toMatchObject({ vendorInvoiceId: hidden.invoice.id, vendorInvoiceNumber: hidden.invoice.number });
    expect((seen.json as { differences: unknown[] }).differences.length).toBeGreaterThan(0);
    const seenGrid = await f.call('accountant', 'POST', '/api/finance/eInvoices/grid', { search: number });
    expect(seenGrid.json).toMatchObject({ rows: [{ vendorInvoiceId: hidden.invoice.id, vendorInvoiceNumber: hidden.invoice.number }] });
  });

  it('409 eInvoiceAlreadyLinked names the linked vendor invoice only to who may open it (issue #42)', async () => {
    const number = uniqueNumber('EL');
    // The clerk's invoice; the accountant's import links the e-invoice of the same number to it.
    const hidden = await f.create({ number, lines: [{ description: 'Noutbuk', quantity: 1, unitPrice: 99900, vatRate: 18 }] });
    await f.call('accountant', 'POST', '/api/finance/eInvoices/import', { fileName: 'linked.xml', xml: exportOf({ number }) });
    const [row] = await t.app.deps.db.select().from(eInvoices).where(eq(eInvoices.number, number));
    expect(row!.vendorInvoiceId).toBe(hidden.invoice.id);
    const writer = await signedInUserWith(t, ['finance.vendorInvoices', 'finance.vendorInvoices.create', 'finance.eInvoices']);
    expect((await t.as(writer.token, { method: 'GET', url: `/api/finance/vendorInvoices/${hidden.invoice.id}` })).statusCode).toBe(403);
    const refused = await t.as(writer.token, { method: 'POST', url: `/api/finance/eInvoices/${row!.id}/createVendorInvoice`, payload: {} });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({ code: 'eInvoiceAlreadyLinked', message: expect.any(String) });
    expect(refused.body).not.toContain(String(hidden.invoice.id));
    // Who may open the invoice is told which one it is.
    const told = await f.call('accountant', 'POST', `/api/finance/eInvoices/${row!.id}/createVendorInvoice`, {});
    expect(told.status).toBe(409);
    expect(told.json).toMatchObject({ code: 'eInvoiceAlreadyLinked', details: { vendorInvoiceId: hidden.invoice.id } });
  });

  it('refuses malformed and hostile files over HTTP with 422 naming the line, saving nothing; only importers may import', async () => {
    const before = await importCounts();
    const bad = await f.call('accountant', 'POST', '/api/finance/eInvoices/import', { fileName: 'bad.xml', xml: '<EInvoiceExport>\n<Invoice>\n<Number>1</Number>\n' });
    expect(bad).toMatchObject({ status: 422, json: { code: 'xmlInvalid' } });
    expect(bad.json.message).toMatch(/line \d+|Line \d+|\d+/);
    const hostile = await f.call('accountant', 'POST', '/api/finance/eInvoices/import', { fileName: 'x.xml', xml: '<!DOCTYPE a [<!ENTITY b "c">]><a>&b;</a>' });
    expect(hostile).toMatchObject({ status: 422, json: { code: 'xmlDoctypeForbidden', details: { line: 1 } } });
    const halfValid = EXAMPLE.replace('<Currency>AZN</Currency>\n    <Seller><Tin>1400123453', '<Currency>manat</Currency>\n    <Seller><Tin>1400123453');
    expect((await f.call('accountant', 'POST', '/api/finance/eInvoices/import', { fileName: 'y.xml', xml: halfValid })).json).toMatchObject({ code: 'xmlUnknownStructure', details: { invoice: 3 } });
    expect(await importCounts()).toEqual(before);
    expect((await f.call('director', 'POST', '/api/finance/eInvoices/import', { fileName: 'z.xml', xml: EXAMPLE })).status).toBe(403);
    expect((await f.call('clerk', 'POST', '/api/finance/eInvoices/grid', {})).status).toBe(403);
  });
});
