import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { eInvoiceDetail, eInvoiceImportResult, invoiceNumberKey, vendorInvoiceDetail } from '@servicedesk/contracts';
import { modalElements, vendorInvoices } from '../../db/schema';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { parseAnyEInvoiceXml, parseEQaimeXml } from './e-invoices.eqaime';
import { financeFixture, uniqueNumber, type FinanceFixture } from './finance.test-support';

/*
 * Issue #41: a vendor invoice number equal after normalising (be-7777 next to BE-7777) is refused,
 * also when both are saved at once; the same vendor and amount within a week is a warning the user
 * confirms; the tax office's e-qaimə export (the sample e-qaime.example.xml) imports and becomes a
 * vendor invoice in one step.
 */

const EQAIME = readFileSync(new URL('./e-qaime.example.xml', import.meta.url), 'utf8');

describe('invoice numbers and the e-qaimə parser', () => {
  it('normalises case, spaces, dashes and slashes', () => {
    expect(['BE-7777', 'be-7777', 'BE 7777', 'be/7777', 'B-E–7777', ' be7777 '].map(invoiceNumberKey)).toEqual(Array(6).fill('BE7777'));
    expect(invoiceNumberKey('BE-7778')).not.toBe(invoiceNumberKey('BE-7777'));
  });

  it('reads the sample: series and number, the DD.MM.YYYY date, the seller, the lines and totals in minor units', () => {
    const parsed = parseEQaimeXml(EQAIME);
    expect(parsed.map((p) => [p.number, p.issueDate, p.sellerTin, p.currency, p.netTotal, p.vatTotal, p.grossTotal, p.lines.length])).toEqual([
      ['MT2611 0045871', '2026-11-24', '1400123453', 'AZN', 67350, 12123, 79473, 2],
      ['MT2611 0045902', '2026-11-25', '1500987650', 'AZN', 24800, 4464, 29264, 1],
    ]);
    expect(parsed[0]!.lines[1]).toEqual({ name: 'HDMI kabel 1,5 m', unit: 'ədəd', quantity: 3, unitPrice: 950, vatRate: 18, net: 2850, vat: 513 });
    expect(parseAnyEInvoiceXml(EQAIME)).toEqual(parsed);
  });

  it('refuses a DOCTYPE and totals that do not add up, naming the line', () => {
    const refusal = (xml: string) => {
      try {
        parseAnyEInvoiceXml(xml);
        return null;
      } catch (error) {
        return error as { code: string; details: { line: number; field?: string } };
      }
    };
    expect(refusal(`<!DOCTYPE x [<!ENTITY a "b">]>${EQAIME.slice(EQAIME.indexOf('<EQaimeler'))}`)?.code).toBe('xmlDoctypeForbidden');
    const wrong = refusal(EQAIME.replace('<Cemi>794.73</Cemi>', '<Cemi>794.00</Cemi>'));
    expect(wrong).toMatchObject({ code: 'xmlUnknownStructure', details: { field: 'Yekun/Cemi' } });
    expect(wrong!.details.line).toBe(EQAIME.split('\n').findIndex((l) => l.includes('<Qaime>')) + 1);
  });
});

describe.each(backends)('duplicate vendor invoices and e-qaimə on %s', (backend) => {
  let t: TestApp;
  let f: FinanceFixture;
  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await financeFixture(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const save = (number: string, lines = [{ description: 'Noutbuk', unit: 'ədəd', quantity: 1, unitPrice: 100_000, vatRate: 18 }], extra: object = {}) =>
    t.as(f.token.clerk, { method: 'POST', url: '/api/finance/vendorInvoices/save', headers: { 'accept-language': 'ru' }, payload: { vendorId: f.vendorId, number, invoiceDate: '2026-11-20', lines, ...extra } });

  it('refuses be-7777 next to a paid BE-7777 of the same vendor, in the caller’s language, naming the existing invoice', async () => {
    const paid = await f.inStatus('PAID');
    await t.app.deps.db.update(vendorInvoices).set({ number: 'BE-7777', numberKey: invoiceNumberKey('BE-7777') }).where(eq(vendorInvoices.id, paid.invoice.id));
    for (const number of ['be-7777', 'BE 7777', 'be/7777']) {
      const res = await save(number);
      expect(res.statusCode, number).toBe(409);
      expect(res.json()).toMatchObject({ code: 'duplicateInvoiceNumber', details: { number: 'BE-7777', invoiceId: paid.invoice.id, status: 'PAID' } });
      expect(res.json().message).toContain('BE-7777');
      expect(res.json().message).toMatch(/[а-я]/);
    }
    // Another vendor may use the number.
    const [other] = await t.app.deps.db.select({ id: modalElements.id }).from(modalElements).where(eq(modalElements.tin, '1400123452'));
    expect((await save('be-7777', undefined, { vendorId: other!.id })).statusCode).toBe(200);
  });

  it('lets exactly one of two saves at once of the same number (after normalising) win; the other is refused naming the winner', async () => {
    const base = uniqueNumber('CC');
    const [a, b] = await Promise.all([save(base.toLowerCase(), [{ description: 'A', unit: '', quantity: 1, unitPrice: 111, vatRate: 18 }]), save(base.replace(/-/g, ' '), [{ description: 'B', unit: '', quantity: 1, unitPrice: 222, vatRate: 18 }])]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [won, lost] = a.statusCode === 200 ? [a, b] : [b, a];
    expect(lost.json()).toMatchObject({ code: 'duplicateInvoiceNumber', details: { number: vendorInvoiceDetail.parse(won.json()).invoice.number } });
    // And the database itself holds the line (the unique index), whatever the service checks first.
    const row = (await t.app.deps.db.select().from(vendorInvoices).where(eq(vendorInvoices.id, vendorInvoiceDetail.parse(won.json()).invoice.id)))[0]!;
    const { id: _id, ...copy } = row;
    await expect(t.app.deps.db.insert(vendorInvoices).values({ ...copy, number: `${row.number}/` })).rejects.toThrow();
  });

  it('warns of the same vendor and amount within a week and saves once the user confirms', async () => {
    const lines = [{ description: 'Printer', unit: 'ədəd', quantity: 1, unitPrice: 77_700, vatRate: 18 }];
    const first = uniqueNumber('W');
    expect((await save(first, lines)).statusCode).toBe(200);
    const warned = await save(uniqueNumber('W'), lines, { invoiceDate: '2026-11-25' });
    expect(warned.statusCode).toBe(409);
    expect(warned.json()).toMatchObject({ code: 'possibleDuplicateInvoice', details: { numbers: [first], days: 7 } });
    expect((await save(uniqueNumber('W'), lines, { invoiceDate: '2026-11-28' })).statusCode).toBe(200);
    expect((await save(uniqueNumber('W'), lines, { invoiceDate: '2026-11-25', confirmDuplicate: true })).statusCode).toBe(200);
  });

  it('imports the e-qaimə sample and turns each e-invoice into a vendor invoice with its lines in one step', async () => {
    const imported = await f.call('accountant', 'POST', '/api/finance/eInvoices/import', { fileName: 'e-qaime.xml', xml: EQAIME });
    expect(imported.status).toBe(200);
    const result = eInvoiceImportResult.parse(imported.json);
    expect(result.invoices.map((i) => [i.number, i.matchStatus])).toEqual([
      ['MT2611 0045871', 'vendorOnly'],
      ['MT2611 0045902', 'unmatched'],
    ]);
    const list = await f.call('accountant', 'POST', '/api/finance/eInvoices/grid', { search: 'MT2611' });
    const idOf = (number: string) => (list.json.rows as { id: number; number: string }[]).find((r) => r.number === number)!.id;

    const made = await f.call('accountant', 'POST', `/api/finance/eInvoices/${idOf('MT2611 0045871')}/createVendorInvoice`, {});
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const detail = vendorInvoiceDetail.parse(made.json);
    expect(detail.invoice).toMatchObject({ number: 'MT2611 0045871', invoiceDate: '2026-11-24', status: 'DRAFT', grossTotal: 79473, vendor: { tin: '1400123453' } });
    expect(detail.lines.map((l) => [l.description, l.quantity, l.unitPrice, l.vatRate, l.gross])).toEqual([
      ['Monitor Samsung S24C310', 3, 21500, 18, 76110],
      ['HDMI kabel 1,5 m', 3, 950, 18, 3363],
    ]);
    const linked = eInvoiceDetail.parse((await f.call('accountant', 'GET', `/api/finance/eInvoices/${idOf('MT2611 0045871')}`)).json);
    expect(linked).toMatchObject({ vendorInvoiceId: detail.invoice.id, matchStatus: 'matched', differences: [] });
    expect((await f.call('accountant', 'POST', `/api/finance/eInvoices/${idOf('MT2611 0045871')}/createVendorInvoice`, {})).json).toMatchObject({ code: 'eInvoiceAlreadyLinked' });

    // The seller of the other is no vendor: the user names one.
    const unmatched = idOf('MT2611 0045902');
    expect((await f.call('accountant', 'POST', `/api/finance/eInvoices/${unmatched}/createVendorInvoice`, {})).json).toMatchObject({ code: 'vendorRequired' });
    const second = await f.call('accountant', 'POST', `/api/finance/eInvoices/${unmatched}/createVendorInvoice`, { vendorId: f.vendorId });
    expect(second.status, JSON.stringify(second.json)).toBe(200);
    expect(vendorInvoiceDetail.parse(second.json).invoice).toMatchObject({ number: 'MT2611 0045902', grossTotal: 29264, vendor: { id: f.vendorId } });
    expect(eInvoiceDetail.parse((await f.call('accountant', 'GET', `/api/finance/eInvoices/${unmatched}`)).json)).toMatchObject({ vendorId: f.vendorId, matchStatus: 'matched' });
  });
});
