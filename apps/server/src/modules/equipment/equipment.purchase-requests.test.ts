import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { purchaseQueueResponse, purchaseRequest, purchaseRequestListResponse } from '@servicedesk/contracts';
import { materials, modalElements, vendorInvoices } from '../../db/schema';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { signedInUserWith } from '../finance/finance.test-support';
import { equipmentFixture, type EquipmentFixture } from './equipment.test-support';

/*
 * Issue #40 "a line may be grouped into a purchase request to a vendor, optionally linked to its
 * vendor invoice": the rules of grouping queue lines into purchase requests, of linking the
 * invoice, of removing one, and that a receipt linked to the line closes it as before (the request
 * then reads received).
 */
describe.each(backends)('purchase requests to vendors on %s', (backend) => {
  let t: TestApp;
  let f: EquipmentFixture;
  let monitor: number;
  /** A vendor with a vendor invoice (the seed's), and another vendor. */
  let vendor: number;
  let invoice: { id: number; number: string };
  let otherVendor: number;

  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await equipmentFixture(t);
    const db = t.app.deps.db;
    monitor = (await db.select({ id: materials.id }).from(materials).where(eq(materials.code, 'MN-P2423')))[0]!.id;
    const [inv] = await db.select({ id: vendorInvoices.id, number: vendorInvoices.number, vendorId: vendorInvoices.vendorId }).from(vendorInvoices).limit(1);
    invoice = { id: inv!.id, number: inv!.number };
    vendor = inv!.vendorId;
    otherVendor = (await db.select({ id: modalElements.id }).from(modalElements).where(and(eq(modalElements.kind, 'vendor'), ne(modalElements.id, vendor))).limit(1))[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** An approved request with `n` monitor lines, all marked for purchase: their line ids. */
  const markedLines = async (n: number) => {
    const a = await f.approved({
      lines: Array.from({ length: n }, (_, i) => ({ materialId: monitor, description: `Monitor ${i + 1}`, quantity: 1, unit: 'pcs', unitPrice: 41_000 })),
    });
    const lineIds = a.request.lines.map((l) => l.id);
    const marked = await f.call('keeper', 'POST', `/api/equipment/processing/${a.request.id}/lines`, { lines: lineIds.map((lineId) => ({ lineId, decision: 'purchase' })) });
    expect(marked.status, JSON.stringify(marked.json)).toBe(200);
    return { requestId: a.request.id, lineIds };
  };
  const create = (body: Record<string, unknown>, as: 'keeper' | 'employee' = 'keeper') => f.call(as, 'POST', '/api/equipment/purchases/requests', body);
  const receive = (lineId: number) => f.call('keeper', 'POST', `/api/equipment/purchases/${lineId}/receive`, { warehouseId: f.warehouse, vendorId: vendor, serials: [] });

  it('groups queue lines into a numbered request to a vendor; the queue names it; it reads received once every line’s receipt arrived', async () => {
    const { lineIds } = await markedLines(2);
    const made = await create({ vendorId: vendor, lineIds, comment: 'Kommersiya təklifi №12' });
    expect(made.status, JSON.stringify(made.json)).toBe(200);
    const pr = purchaseRequest.parse(made.json);
    expect(pr).toMatchObject({ number: expect.stringMatching(/^PR-\d{4}-\d{6}$/), vendor: { id: vendor }, vendorInvoice: null, status: 'ordered', receivedAt: null, comment: 'Kommersiya təklifi №12' });
    expect(pr.lines.map((l) => l.lineId).sort()).toEqual([...lineIds].sort());

    const queue = purchaseQueueResponse.parse((await f.call('keeper', 'GET', '/api/equipment/purchases?state=awaitingPurchase')).json);
    expect(queue.items.filter((i) => lineIds.includes(i.lineId)).map((i) => i.purchaseRequest)).toEqual([
      { id: pr.id, number: pr.number },
      { id: pr.id, number: pr.number },
    ]);

    // A receipt linked to the line closes it as before; the request is received when both are.
    expect((await receive(lineIds[0]!)).status).toBe(200);
    const half = purchaseRequestListResponse.parse((await f.call('keeper', 'GET', '/api/equipment/purchases/requests')).json).items.find((r) => r.id === pr.id)!;
    expect(half.status).toBe('ordered');
    expect(half.lines.find((l) => l.lineId === lineIds[0])).toMatchObject({ state: 'received', receiptOperation: { id: expect.any(Number) } });
    expect((await receive(lineIds[1]!)).status).toBe(200);
    const done = purchaseRequestListResponse.parse((await f.call('keeper', 'GET', '/api/equipment/purchases/requests')).json).items.find((r) => r.id === pr.id)!;
    expect(done).toMatchObject({ status: 'received', receivedAt: expect.any(String) });
    // Received, it cannot be removed.
    expect((await f.call('keeper', 'DELETE', `/api/equipment/purchases/requests/${pr.id}`)).json).toMatchObject({ code: 'purchaseRequestReceived', details: { lineIds: [...lineIds].sort((a, b) => a - b) } });
  });

  it('takes only lines awaiting their purchase, each in one request: of two requests made at once with one line, one wins', async () => {
    const { lineIds } = await markedLines(1);
    const [a, b] = await Promise.all([create({ vendorId: vendor, lineIds }), create({ vendorId: otherVendor, lineIds })]);
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    expect([a, b].find((r) => r.status === 422)!.json.code).toBe('lineAlreadyOrdered');
    const again = await create({ vendorId: otherVendor, lineIds });
    expect(again.json).toMatchObject({ code: 'lineAlreadyOrdered', details: { lineId: lineIds[0], purchaseRequest: { number: expect.stringMatching(/^PR-/) } } });

    // A line not marked for purchase, and one already received, are refused.
    const plain = await f.approved({ lines: [{ materialId: monitor, description: 'Monitor', quantity: 1, unit: 'pcs', unitPrice: 41_000 }] });
    expect((await create({ vendorId: vendor, lineIds: [plain.request.lines[0]!.id] })).json).toMatchObject({ code: 'lineNotAwaitingPurchase', details: { lineId: plain.request.lines[0]!.id } });
    const { lineIds: arrived } = await markedLines(1);
    expect((await receive(arrived[0]!)).status).toBe(200);
    expect((await create({ vendorId: vendor, lineIds: arrived })).json.code).toBe('lineNotAwaitingPurchase');
    // Nothing half-made: the refused requests left no rows.
    const all = purchaseRequestListResponse.parse((await f.call('keeper', 'GET', '/api/equipment/purchases/requests')).json).items;
    expect(all.filter((r) => r.lines.some((l) => l.lineId === lineIds[0]))).toHaveLength(1);
  });

  it('links only a vendor invoice of its vendor, unlinks it, and is removed while nothing arrived (its lines back ungrouped)', async () => {
    const { lineIds } = await markedLines(1);
    expect((await create({ vendorId: otherVendor, lineIds, vendorInvoiceId: invoice.id })).json.code).toBe('invoiceOtherVendor');
    expect((await create({ vendorId: vendor, lineIds, vendorInvoiceId: 999_999 })).json.code).toBe('unknownVendorInvoice');
    expect((await create({ vendorId: 999_999, lineIds })).json.code).toBe('unknownVendor');
    const pr = purchaseRequest.parse((await create({ vendorId: vendor, lineIds, vendorInvoiceId: invoice.id })).json);
    expect(pr.vendorInvoice).toEqual(invoice);
    const unlinked = await f.call('keeper', 'POST', `/api/equipment/purchases/requests/${pr.id}/invoice`, { vendorInvoiceId: null });
    expect(unlinked.json.vendorInvoice).toBeNull();
    const linked = await f.call('keeper', 'POST', `/api/equipment/purchases/requests/${pr.id}/invoice`, { vendorInvoiceId: invoice.id });
    expect(linked.json.vendorInvoice).toEqual(invoice);

    expect((await f.call('keeper', 'DELETE', `/api/equipment/purchases/requests/${pr.id}`)).json).toEqual({ ok: true });
    expect((await f.call('keeper', 'DELETE', `/api/equipment/purchases/requests/${pr.id}`)).status).toBe(404);
    const queue = purchaseQueueResponse.parse((await f.call('keeper', 'GET', '/api/equipment/purchases?state=awaitingPurchase')).json);
    expect(queue.items.find((i) => i.lineId === lineIds[0])?.purchaseRequest).toBeNull();
  });

  it('links only a vendor invoice the purchaser may open: any other is refused as unknown, its vendor not compared (issue #42)', async () => {
    const { lineIds } = await markedLines(1);
    // A purchaser who reads vendor invoices but has no part in this one (not its author, group, taker, …).
    const buyer = await signedInUserWith(t, ['inventory.purchases', 'inventory.purchases.receive', 'finance.vendorInvoices']);
    const call = (url: string, payload: object) => t.as(buyer.token, { method: 'POST', url, payload });
    expect((await t.as(buyer.token, { method: 'GET', url: `/api/finance/vendorInvoices/${invoice.id}` })).statusCode).toBe(403);
    // Of its vendor or another's, the answer is that of an invoice that does not exist.
    for (const vendorId of [vendor, otherVendor]) {
      const refused = await call('/api/equipment/purchases/requests', { vendorId, lineIds, vendorInvoiceId: invoice.id });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'unknownVendorInvoice' });
    }
    // Made without it, the request cannot be linked to it afterwards either; its number is never answered.
    const made = await call('/api/equipment/purchases/requests', { vendorId: vendor, lineIds });
    const pr = purchaseRequest.parse(made.json());
    const linked = await call(`/api/equipment/purchases/requests/${pr.id}/invoice`, { vendorInvoiceId: invoice.id });
    expect(linked.statusCode).toBe(422);
    expect(linked.json()).toMatchObject({ code: 'unknownVendorInvoice' });
    expect(linked.body).not.toContain(invoice.number);
    const listed = purchaseRequestListResponse.parse((await t.as(buyer.token, { method: 'GET', url: '/api/equipment/purchases/requests' })).json()).items.find((r) => r.id === pr.id);
    expect(listed?.vendorInvoice).toBeNull();
    // Who may open it (the keeper, as above) links it.
    expect((await f.call('keeper', 'POST', `/api/equipment/purchases/requests/${pr.id}/invoice`, { vendorInvoiceId: invoice.id })).json.vendorInvoice).toEqual(invoice);
  });

  it('is the purchasing users’ only: an employee neither reads nor makes one', async () => {
    const { lineIds } = await markedLines(1);
    expect((await f.call('employee', 'GET', '/api/equipment/purchases/requests')).status).toBe(403);
    expect((await create({ vendorId: vendor, lineIds }, 'employee')).status).toBe(403);
  });
});
