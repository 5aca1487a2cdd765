import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EINVOICE_XML_MAX, eInvoiceImportResult } from '@servicedesk/contracts';
import ru from '@servicedesk/i18n/locales/ru/errors.json' with { type: 'json' };
import { eInvoiceImports } from '../../db/schema';
import { closeJobs } from '../../lib/workers/jobs';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { probeWhile } from '../../../test/probe';
import { eInvoiceParseJob } from './e-invoices.service';

// Issue #42 "heavy work off the event loop": an e-invoice file is checked, parsed and hashed in a
// worker thread — a 30,000-line file took the event loop for 3–7 s — and a file whose reading
// passes the worker's heap is refused in the caller's language with nothing saved.

/** An export (our format) of `invoices` invoices of `lines` lines each, one element per line of text. */
function largeExport(invoices: number, lines: number): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<EInvoiceExport>'];
  for (let i = 0; i < invoices; i++) {
    out.push(
      '<Invoice>',
      `<Number>OFF-${i}</Number><IssueDate>2026-11-20</IssueDate><Currency>AZN</Currency>`,
      '<Seller><Tin>1400123451</Tin><Name>Satıcı</Name></Seller><Buyer><Tin>1300000001</Tin><Name>Alıcı</Name></Buyer>',
      '<Lines>',
    );
    for (let l = 0; l < lines; l++) {
      out.push(`<Line><Name>M${l}</Name><Quantity>1</Quantity><UnitPrice>10.00</UnitPrice><VatRate>18</VatRate><NetAmount>10.00</NetAmount><VatAmount>1.80</VatAmount></Line>`);
    }
    out.push('</Lines>', `<Totals><Net>${(lines * 10).toFixed(2)}</Net><Vat>${(lines * 1.8).toFixed(2)}</Vat><Gross>${(lines * 11.8).toFixed(2)}</Gross></Totals>`, '</Invoice>');
  }
  out.push('</EInvoiceExport>');
  return out.join('\n');
}

const LARGE = largeExport(100, 293);

describe('the e-invoice import off the event loop', () => {
  let t: TestApp;
  let accountant: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    accountant = await t.login('accountant@servicedesk.az');
  });
  afterAll(async () => {
    await t?.close();
    await closeJobs();
  });
  const send = (action: 'preview' | 'import', xml: string, language = 'en') =>
    t.as(accountant, { method: 'POST', url: `/api/finance/eInvoices/${action}`, payload: { fileName: 'large.xml', xml }, headers: { 'accept-language': language } });

  it('previews a 30,000-line file while other requests are answered, each in under 200 ms', async () => {
    expect(LARGE.split('\n').length).toBeGreaterThanOrEqual(30_000);
    expect(LARGE.length).toBeLessThanOrEqual(EINVOICE_XML_MAX);
    const { value: res, latencies, answeredDuring } = await probeWhile(t.app, () => send('preview', LARGE));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const preview = eInvoiceImportResult.parse(res.json());
    expect(preview.invoices).toHaveLength(100);
    expect(preview.invoices.every((i) => i.action === 'create')).toBe(true);
    expect(answeredDuring).toBeGreaterThanOrEqual(3);
    // Those answered while the work still ran: the last may meet the answer being written after it.
    expect(Math.max(...latencies.slice(0, answeredDuring))).toBeLessThan(200);
  });

  it('refuses a file whose reading passes the worker’s heap: 422 workOutOfMemory in the caller’s language, nothing saved, the server serving on', async () => {
    const before = (await t.app.deps.db.select({ id: eInvoiceImports.id }).from(eInvoiceImports)).length;
    const saved = eInvoiceParseJob.limits.heapMb;
    eInvoiceParseJob.limits.heapMb = 48;
    try {
      const res = await send('import', LARGE, 'ru');
      expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
      expect(res.json()).toEqual({ code: 'workOutOfMemory', message: ru.errors.api.workOutOfMemory.replace('{{memoryMb}}', '48'), details: { memoryMb: 48 } });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      eInvoiceParseJob.limits.heapMb = saved;
    }
    expect((await t.app.deps.db.select({ id: eInvoiceImports.id }).from(eInvoiceImports)).length).toBe(before);
    const next = await send('preview', largeExport(1, 2));
    expect(next.statusCode, next.body.slice(0, 300)).toBe(200);
    expect(eInvoiceImportResult.parse(next.json()).invoices).toHaveLength(1);
  });
});
