import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryDetail, stockMovementListResponse, type StockOperation } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { stockFixture, type StockFixture } from './stock.test-support';
import { issueFromStock } from './stock.service';

/*
 * The stock ledger through the API (issue #13 "Done when": every operation kind, never below
 * zero also under concurrency, reversing, valuation after a back-dated receipt).
 */
describe.each(backends)('stock ledger on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const receiptOf = (f: StockFixture, materialId: number, quantity: number, unitCost: number, extra: Record<string, unknown> = {}) => ({
    kind: 'receipt' as const,
    warehouseId: f.mainId,
    vendorId: f.vendorId,
    vendorInvoiceRef: 'QF-2026/118',
    lines: [{ materialId, quantity, unitCost }],
    ...extra,
  });

  it('posts every operation kind and derives the levels and the moving average cost from them', async () => {
    const f = await stockFixture(t);
    // Receipt: 10 boxes at 12.00 AZN, 10 more at 15.00 → 20 at 13.50 (minor units).
    const r1 = await f.posted(receiptOf(f, f.paperId, 10, 1200));
    expect(r1.number).toMatch(/^ST-\d{4}-\d{6}$/);
    expect(r1.totalAmount).toBe(12_000);
    await f.posted(receiptOf(f, f.paperId, 10, 1500));
    expect(await f.level(f.paperId, f.mainId)).toMatchObject({ quantity: 20, value: 27_000, averageCost: 1350 });

    // Issue 4 to a person: leaves at the average.
    const issue = await f.posted({ kind: 'issue', warehouseId: f.mainId, recipientUserId: f.id.employee, lines: [{ materialId: f.paperId, quantity: 4 }] });
    expect(issue.lines[0]).toMatchObject({ quantity: 4, unitCost: 1350, amount: 5400 });
    expect(issue.recipient?.id).toBe(f.id.employee);

    // Transfer 6 to the branch: the value moves with them.
    await f.posted({ kind: 'transfer', warehouseId: f.mainId, toWarehouseId: f.branchId, lines: [{ materialId: f.paperId, quantity: 6 }] });
    expect(await f.level(f.paperId, f.mainId)).toMatchObject({ quantity: 10, value: 13_500 });
    expect(await f.level(f.paperId, f.branchId)).toMatchObject({ quantity: 6, value: 8100, averageCost: 1350 });

    // Write-off needs its reason.
    const noReason = await f.post({ kind: 'writeOff', warehouseId: f.branchId, reason: 'yox', lines: [{ materialId: f.paperId, quantity: 1 }] });
    expect(noReason.status).toBe(422);
    expect(noReason.json.code).toBe('reasonRequired');
    await f.posted({ kind: 'writeOff', warehouseId: f.branchId, reason: 'Su daşqını, qutu islanıb', lines: [{ materialId: f.paperId, quantity: 1 }] });
    expect(await f.level(f.paperId, f.branchId)).toMatchObject({ quantity: 5, value: 6750 });

    // Return 2 from the person back into the main warehouse (at the current average).
    await f.posted({ kind: 'return', warehouseId: f.mainId, recipientUserId: f.id.employee, lines: [{ materialId: f.paperId, quantity: 2 }] });
    expect(await f.level(f.paperId, f.mainId)).toMatchObject({ quantity: 12, value: 16_200 });

    // The material's history page: newest first, running balances.
    const history = stockMovementListResponse.parse(
      (await t.as(f.token.keeper, { method: 'POST', url: '/api/stock/movements', payload: { materialId: f.paperId, warehouseId: f.mainId } })).json(),
    );
    expect(history.rows.map((r) => [r.kind, r.quantity, r.balanceQuantity])).toEqual([
      ['return', 2, 12],
      ['transfer', -6, 10],
      ['issue', -4, 16],
      ['receipt', 10, 20],
      ['receipt', 10, 10],
    ]);
  });

  it('refuses a level below zero with a clear message, and posts nothing of the refused operation', async () => {
    const f = await stockFixture(t);
    await f.posted(receiptOf(f, f.paperId, 3, 1000));
    const res = await f.post({
      kind: 'issue',
      warehouseId: f.mainId,
      recipientUserId: f.id.employee,
      lines: [
        { materialId: f.paperId, quantity: 2 },
        { materialId: f.paperId, quantity: 2 },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: 'insufficientStock', details: { materialId: f.paperId, warehouseId: f.mainId, available: 1, requested: 2 } });
    expect(await f.level(f.paperId, f.mainId)).toMatchObject({ quantity: 3, value: 3000 });
    const grid = (await t.as(f.token.keeper, { method: 'POST', url: '/api/stock/operations/grid', payload: { materialId: f.paperId } })).json() as { rows: unknown[] };
    expect(grid.rows).toHaveLength(1);
  });

  it('lets exactly one of two concurrent issues of the last unit through', async () => {
    const f = await stockFixture(t);
    await f.posted(receiptOf(f, f.paperId, 1, 999));
    const issue = () => f.post({ kind: 'issue', warehouseId: f.mainId, recipientUserId: f.id.employee, lines: [{ materialId: f.paperId, quantity: 1 }] });
    const results = await Promise.all([issue(), issue(), issue()]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422]);
    expect(results.filter((r) => r.status === 422).every((r) => r.json.code === 'insufficientStock')).toBe(true);
    expect(await f.level(f.paperId, f.mainId)).toMatchObject({ quantity: 0, value: 0 });
  });

  it('corrects a posted operation only by a reversing one', async () => {
    const f = await stockFixture(t);
    const receipt = await f.posted(receiptOf(f, f.paperId, 5, 2000));
    await f.posted(receiptOf(f, f.paperId, 5, 1000));
    const reverse = (id: number, reason = 'Səhv qaimə, təkrar daxil edilib') =>
      t.as(f.token.keeper, { method: 'POST', url: `/api/stock/operations/${id}/reverse`, payload: { reason } });
    const reversal = (await reverse(receipt.id)).json() as StockOperation;
    expect(reversal.kind).toBe('reversal');
    expect(reversal.reversesNumber).toBe(receipt.number);
    expect(await f.level(f.paperId, f.mainId)).toMatchObject({ quantity: 5, value: 5000, averageCost: 1000 });
    // The original is untouched except for the link.
    const original = (await t.as(f.token.keeper, { method: 'GET', url: `/api/stock/operations/${receipt.id}` })).json() as StockOperation;
    expect(original).toMatchObject({ reversedById: reversal.id, totalAmount: 10_000 });
    expect((await reverse(receipt.id)).json()).toMatchObject({ code: 'alreadyReversed' });
    expect((await reverse(reversal.id)).json()).toMatchObject({ code: 'cannotReverseReversal' });
    // Reversing goods already issued is refused (the level would go below zero).
    await f.posted({ kind: 'issue', warehouseId: f.mainId, recipientUserId: f.id.employee, lines: [{ materialId: f.paperId, quantity: 5 }] });
    const second = await f.posted(receiptOf(f, f.paperId, 1, 1000));
    await f.posted({ kind: 'issue', warehouseId: f.mainId, recipientUserId: f.id.employee, lines: [{ materialId: f.paperId, quantity: 1 }] });
    expect((await reverse(second.id)).json()).toMatchObject({ code: 'insufficientStock' });
  });

  it('recomputes the valuation after a back-dated receipt from its date on only', async () => {
    const f = await stockFixture(t);
    const day = (d: number) => new Date(Date.UTC(2026, 9, d, 9)).toISOString();
    await f.posted(receiptOf(f, f.paperId, 10, 1000, { operationDate: day(1) }));
    const issue = await f.posted({ kind: 'issue', operationDate: day(10), warehouseId: f.mainId, recipientUserId: f.id.employee, lines: [{ materialId: f.paperId, quantity: 5 }] });
    expect(issue.lines[0]!.amount).toBe(5000);
    await f.posted({ kind: 'transfer', operationDate: day(12), warehouseId: f.mainId, toWarehouseId: f.branchId, lines: [{ materialId: f.paperId, quantity: 5 }] });
    expect(await f.level(f.paperId, f.branchId)).toMatchObject({ quantity: 5, value: 5000 });

    // A receipt dated the 5th (before the issue) at 20.00: average 10 @ 1000 + 10 @ 2000 → 1500.
    await f.posted(receiptOf(f, f.paperId, 10, 2000, { operationDate: day(5) }));
    const issueAfter = (await t.as(f.token.keeper, { method: 'GET', url: `/api/stock/operations/${issue.id}` })).json() as StockOperation;
    expect(issueAfter.lines[0]).toMatchObject({ amount: 7500, unitCost: 1500 });
    // The transfer left at the new average too, and the branch's value followed it.
    expect(await f.level(f.paperId, f.mainId)).toMatchObject({ quantity: 10, value: 15_000 });
    expect(await f.level(f.paperId, f.branchId)).toMatchObject({ quantity: 5, value: 7500, averageCost: 1500 });

    // The monthly closing balances followed: October's end, read from the snapshots.
    const snapshot = async (month: string) =>
      (await t.as(f.token.keeper, { method: 'POST', url: '/api/stock/snapshots', payload: { month, materialId: f.paperId } })).json() as {
        rows: { warehouseId: number; quantity: number; value: number }[];
      };
    const october = await snapshot('2026-10');
    expect(october.rows.find((r) => r.warehouseId === f.mainId)).toMatchObject({ quantity: 10, value: 15_000 });
    expect(october.rows.find((r) => r.warehouseId === f.branchId)).toMatchObject({ quantity: 5, value: 7500 });
    expect((await snapshot('2026-09')).rows).toEqual([]);

    // A back-dated issue that would have made a past balance negative is refused.
    const early = await f.post({ kind: 'issue', operationDate: day(2), warehouseId: f.mainId, recipientUserId: f.id.employee, lines: [{ materialId: f.paperId, quantity: 11 }] });
    expect(early.json).toMatchObject({ code: 'insufficientStock', details: { available: 10 } });
  });

  it('keeps inventories of tracked materials: receipt creates them, issue assigns them, their history shows who held them', async () => {
    const f = await stockFixture(t);
    const receipt = await f.posted({
      kind: 'receipt',
      warehouseId: f.mainId,
      vendorId: f.vendorId,
      vendorInvoiceRef: 'QF-77',
      lines: [{ materialId: f.laptopId, quantity: 3, unitCost: 150_000, serials: ['SN-A1', 'SN-A2'] }],
    });
    const ids = receipt.lines[0]!.inventoryIds;
    expect(ids).toHaveLength(3);
    // Fractions of an asset are refused.
    expect((await f.post(receiptOf(f, f.laptopId, 1.5, 100))).json).toMatchObject({ code: 'wholeUnitsOnly' });

    const assign = await t.as(f.token.keeper, { method: 'POST', url: `/api/stock/inventories/${ids[0]}/action`, payload: { action: 'assign', holderId: f.id.employee } });
    expect(assign.statusCode).toBe(200);
    const detail = inventoryDetail.parse(assign.json());
    expect(detail.inventory).toMatchObject({ status: 'assigned', holder: { id: f.id.employee }, serial: 'SN-A1' });
    expect(detail.history.map((h) => [h.action, h.toStatus])).toEqual([
      ['receive', 'inStock'],
      ['issue', 'assigned'],
    ]);
    expect(await f.level(f.laptopId, f.mainId)).toMatchObject({ quantity: 2 });
    // The holder sees it (without the inventories menu); the level agrees.
    expect((await t.as(f.token.employee, { method: 'GET', url: `/api/stock/inventories/${ids[0]}` })).statusCode).toBe(200);
    expect((await t.as(f.token.employee, { method: 'GET', url: `/api/stock/inventories/${ids[1]}` })).statusCode).toBe(404);

    // Take back, to repair, back, write off (reason) — each visible in the history.
    const act = (id: number, body: Record<string, unknown>) => t.as(f.token.keeper, { method: 'POST', url: `/api/stock/inventories/${id}/action`, payload: body });
    expect((await act(ids[0]!, { action: 'writeOff', reason: 'Ekran sınıb, bərpa olunmur' })).json()).toMatchObject({ code: 'invalidTransition' });
    expect((await act(ids[0]!, { action: 'takeBack' })).statusCode).toBe(200);
    expect((await act(ids[0]!, { action: 'sendToRepair' })).statusCode).toBe(200);
    expect((await act(ids[0]!, { action: 'backFromRepair' })).statusCode).toBe(200);
    const off = inventoryDetail.parse((await act(ids[0]!, { action: 'writeOff', reason: 'Ekran sınıb, bərpa olunmur' })).json());
    expect(off.inventory.status).toBe('writtenOff');
    expect(off.history.map((h) => h.action)).toEqual(['receive', 'issue', 'return', 'sendToRepair', 'backFromRepair', 'writeOff']);
    expect(await f.level(f.laptopId, f.mainId)).toMatchObject({ quantity: 2 });

    // A transfer moves named inventories; a wrong one (written off) is refused, naming it.
    expect(
      (await f.post({ kind: 'transfer', warehouseId: f.mainId, toWarehouseId: f.branchId, lines: [{ materialId: f.laptopId, quantity: 1, inventoryIds: [ids[0]!] }] })).json,
    ).toMatchObject({ code: 'unitNotAvailable', details: { inventoryId: ids[0], status: 'writtenOff' } });
    await f.posted({ kind: 'transfer', warehouseId: f.mainId, toWarehouseId: f.branchId, lines: [{ materialId: f.laptopId, quantity: 1, inventoryIds: [ids[1]!] }] });
    const moved = inventoryDetail.parse((await t.as(f.token.keeper, { method: 'GET', url: `/api/stock/inventories/${ids[1]}` })).json());
    expect(moved.inventory.warehouseId).toBe(f.branchId);

    // Labels: a PDF.
    const pdf = await t.as(f.token.keeper, { method: 'POST', url: '/api/stock/inventories/labels', payload: { ids } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('issues from stock for other modules (equipment requests) and picks the oldest inventories', async () => {
    const f = await stockFixture(t);
    await f.posted(receiptOf(f, f.laptopId, 2, 100_000));
    const op = await issueFromStock(t.app.deps, {
      warehouseId: f.mainId,
      recipientUserId: f.id.employee,
      lines: [{ materialId: f.laptopId, quantity: 1 }],
      source: 'inventoryRequest:42',
      actorId: f.id.keeper,
    });
    expect(op.number).toMatch(/^ST-/);
    const detail = (await t.as(f.token.keeper, { method: 'GET', url: `/api/stock/operations/${op.id}` })).json() as StockOperation;
    expect(detail).toMatchObject({ kind: 'issue', source: 'inventoryRequest:42' });
    expect(detail.lines[0]!.inventoryIds).toHaveLength(1);
    await expect(
      issueFromStock(t.app.deps, { warehouseId: f.mainId, recipientUserId: f.id.employee, lines: [{ materialId: f.laptopId, quantity: 2 }], source: 'inventoryRequest:43', actorId: null }),
    ).rejects.toMatchObject({ statusCode: 422, code: 'insufficientStock' });
  });

  it('lets only the keeper of a warehouse (or an admin) post there', async () => {
    const f = await stockFixture(t);
    const body = receiptOf(f, f.paperId, 1, 100, { warehouseId: f.otherId });
    expect((await f.post(body)).json).toMatchObject({ code: 'forbidden', details: { rule: 'notWarehouseKeeper' } });
    expect((await f.post(body, 'admin')).status).toBe(200);
    expect((await f.post(receiptOf(f, f.paperId, 1, 100), 'employee')).status).toBe(403);
  });
});
