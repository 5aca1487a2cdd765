import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countListResponse, countPlan, countSession, inventoryDetail, stockOperation, type CountPlan, type CountSession } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { onRecordChange } from '../../hub/record-presence';
import { stockFixture, type StockFixture } from './stock.test-support';

/*
 * Counts as records (issue #13; issue #40): a session's scope, its lists, scans and quantities
 * saved as they go; the plan names N write-offs, M transfers, K adjustments and their values, and
 * posting writes exactly that — only inside the scope, once.
 */
describe.each(backends)('physical count on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const api = (f: StockFixture) => ({
    async call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>, as: 'keeper' | 'admin' = 'keeper') {
      const res = await t.as(f.token[as], { method, url, ...(payload ? { payload } : {}) });
      return { status: res.statusCode, body: res.json() as Record<string, unknown> };
    },
    async state(id: number): Promise<CountSession> {
      return countSession.parse((await this.call('GET', `/api/stock/counts/${id}`)).body);
    },
    async plan(id: number): Promise<CountPlan> {
      return countPlan.parse((await this.call('GET', `/api/stock/counts/${id}/plan`)).body);
    },
    async number(id: number) {
      return inventoryDetail.parse((await t.as(f.token.keeper, { method: 'GET', url: `/api/stock/inventories/${id}` })).json()).inventory.inventoryNumber;
    },
  });

  it('finds missing, misplaced and unknown, counts a quantity, and posts exactly its plan', async () => {
    const f = await stockFixture(t);
    const a = api(f);
    const receipt = await f.posted({
      kind: 'receipt',
      warehouseId: f.mainId,
      vendorId: f.vendorId,
      lines: [
        { materialId: f.laptopId, quantity: 3, unitCost: 100_000 },
        { materialId: f.paperId, quantity: 10, unitCost: 1_500 },
      ],
    });
    const elsewhere = await f.posted({ kind: 'receipt', warehouseId: f.branchId, vendorId: f.vendorId, lines: [{ materialId: f.laptopId, quantity: 1, unitCost: 90_000 }] });
    const [u1, u2, u3] = receipt.lines[0]!.inventoryIds as [number, number, number];
    const misplacedId = elsewhere.lines[0]!.inventoryIds[0]!;
    const started = countSession.parse((await a.call('POST', '/api/stock/counts', { warehouseId: f.mainId })).body);
    expect(started).toMatchObject({ status: 'open', materialGroupId: null, createdBy: { id: f.id.keeper } });
    expect(started.missing.map((m) => m.id)).toEqual([u1, u2, u3]);
    // Every scan and counted quantity is announced to the session's viewers (their pages refetch it: live).
    const announced: number[] = [];
    const stop = onRecordChange(t.app.deps, (kind, id) => {
      if (kind === 'stockCount') announced.push(id);
    });
    for (const n of [await a.number(u1), (await a.number(u2)).toLowerCase(), await a.number(misplacedId), 'AST-999999']) {
      expect((await a.call('POST', `/api/stock/counts/${started.id}/scan`, { inventoryNumber: n })).status).toBe(200);
    }
    // 7 boxes of paper counted where the book says 10; saved at once (a reload reads it back).
    expect((await a.call('PUT', `/api/stock/counts/${started.id}/lines`, { materialId: f.paperId, countedQuantity: 8 })).status).toBe(200);
    expect((await a.call('PUT', `/api/stock/counts/${started.id}/lines`, { materialId: f.paperId, countedQuantity: 7 })).status).toBe(200);
    expect((await a.call('PUT', `/api/stock/counts/${started.id}/lines`, { materialId: f.laptopId, countedQuantity: 1 })).body).toMatchObject({ code: 'countNotQuantity' });
    stop();
    // (Each reaches the listeners here and again through the hub's cluster echo: at least once per save.)
    expect([...new Set(announced)]).toEqual([started.id]);
    expect(announced.length).toBeGreaterThanOrEqual(6);
    const state = await a.state(started.id);
    expect(state.found.map((x) => x.id)).toEqual([u1, u2]);
    expect(state.missing.map((x) => x.id)).toEqual([u3]);
    expect(state.misplaced.map((x) => x.id)).toEqual([misplacedId]);
    expect(state.unknown).toEqual(['AST-999999']);
    expect(state.lines).toMatchObject([{ materialId: f.paperId, bookQuantity: 10, countedQuantity: 7, difference: -3, value: -4_500 }]);
    expect(state.scans).toHaveLength(4);

    const plan = await a.plan(started.id);
    expect(plan.figures).toEqual({ writeOffs: 1, transfers: 1, adjustments: 1 });
    expect(plan.writeOffs.value).toBe(100_000);
    expect(plan.transfers.value).toBe(90_000);
    expect(plan.adjustments.value).toBe(-4_500);
    expect(plan.reasonRequired).toBe(true);

    const reason = 'Sayımda tapılmadı, itki aktı tərtib edilib';
    const post = (body: Record<string, unknown>) => a.call('POST', `/api/stock/counts/${started.id}/post`, body);
    expect((await post({ reason: 'qısa', expected: plan.figures })).body).toMatchObject({ code: 'reasonRequired' });
    // Figures that are not the plan's (someone scanned since) are refused with the current ones.
    expect(await post({ reason, expected: { writeOffs: 0, transfers: 1, adjustments: 1 } })).toMatchObject({ status: 409, body: { code: 'countPlanChanged', details: { figures: plan.figures } } });
    const posted = countSession.parse((await post({ reason, expected: plan.figures })).body);
    expect(posted).toMatchObject({ status: 'posted', postedBy: { id: f.id.keeper }, postedPlan: plan.figures });
    // Exactly the plan: one write-off (the missing unit, 3 boxes), one transfer, at the plan's values.
    const ops = await Promise.all(posted.operationIds.map(async (id) => stockOperation.parse((await a.call('GET', `/api/stock/operations/${id}`)).body)));
    expect(ops.map((o) => o.kind)).toEqual(['writeOff', 'transfer']);
    const [writeOff, transfer] = ops as [(typeof ops)[number], (typeof ops)[number]];
    expect(writeOff.lines.flatMap((l) => l.inventoryIds)).toEqual([u3]);
    expect(writeOff.lines.find((l) => l.materialId === f.paperId)?.quantity).toBe(3);
    expect(writeOff.totalAmount).toBe(plan.writeOffs.value - plan.adjustments.value);
    expect(transfer.totalAmount).toBe(plan.transfers.value);
    expect(await f.level(f.laptopId, f.mainId)).toMatchObject({ quantity: 3 });
    expect(await f.level(f.laptopId, f.branchId)).toMatchObject({ quantity: 0 });
    expect(await f.level(f.paperId, f.mainId)).toMatchObject({ quantity: 7 });
    expect((await a.call('POST', `/api/stock/counts/${started.id}/scan`, { inventoryNumber: 'X' })).body).toMatchObject({ code: 'countClosed' });

    const list = countListResponse.parse((await a.call('POST', '/api/stock/counts/grid', { warehouseId: f.mainId })).body);
    expect(list.rows[0]).toMatchObject({ id: started.id, status: 'posted', scanCount: 4, lineCount: 1 });
  });

  it('posts only what is inside its scope (a material group), surplus at the average', async () => {
    const f = await stockFixture(t);
    const a = api(f);
    const groupId = (await a.call('POST', '/api/stock/materialGroups', { names: { az: `Monitorlar ${f.groupId}`, en: `Monitors ${f.groupId}` } }, 'keeper')).body.id as number;
    const monitorId = (
      await a.call('POST', '/api/stock/materials', { code: `MON-${f.groupId}`, name: `Monitor ${f.groupId}`, groupId, unitCode: 'pcs', tracksInventories: true })
    ).body.id as number;
    const cableId = (await a.call('POST', '/api/stock/materials', { code: `CAB-${f.groupId}`, name: `Kabel ${f.groupId}`, groupId, unitCode: 'pcs' })).body.id as number;
    const receipt = await f.posted({
      kind: 'receipt',
      warehouseId: f.mainId,
      vendorId: f.vendorId,
      lines: [
        { materialId: monitorId, quantity: 2, unitCost: 30_000 },
        { materialId: f.laptopId, quantity: 2, unitCost: 100_000 },
        { materialId: cableId, quantity: 4, unitCost: 500 },
      ],
    });
    const [m1] = receipt.lines[0]!.inventoryIds as [number, number];
    const [l1] = receipt.lines[1]!.inventoryIds as [number, number];
    const started = countSession.parse((await a.call('POST', '/api/stock/counts', { warehouseId: f.mainId, materialGroupId: groupId })).body);
    expect(started.materialGroupName).toBe(`Monitorlar ${f.groupId}`);
    // Only the monitors are expected; a laptop scanned is out of scope; paper cannot be counted here.
    expect(started.missing.map((x) => x.materialId)).toEqual([monitorId, monitorId]);
    await a.call('POST', `/api/stock/counts/${started.id}/scan`, { inventoryNumber: await a.number(m1) });
    await a.call('POST', `/api/stock/counts/${started.id}/scan`, { inventoryNumber: await a.number(l1) });
    expect((await a.call('PUT', `/api/stock/counts/${started.id}/lines`, { materialId: f.paperId, countedQuantity: 1 })).body).toMatchObject({ code: 'countOutOfScope' });
    await a.call('PUT', `/api/stock/counts/${started.id}/lines`, { materialId: cableId, countedQuantity: 6 });
    const state = await a.state(started.id);
    expect(state.outOfScope.map((x) => x.id)).toEqual([l1]);
    expect(state.lines).toMatchObject([{ materialId: cableId, difference: 2, value: 1_000 }]);
    const plan = await a.plan(started.id);
    expect(plan.figures).toEqual({ writeOffs: 1, transfers: 0, adjustments: 1 });
    const posted = countSession.parse((await a.call('POST', `/api/stock/counts/${started.id}/post`, { reason: 'Sayımda tapılmayan monitor', expected: plan.figures })).body);
    expect(posted.operationIds).toHaveLength(2);
    expect(await f.level(f.laptopId, f.mainId)).toMatchObject({ quantity: 2 });
    expect(await f.level(monitorId, f.mainId)).toMatchObject({ quantity: 1 });
    expect(await f.level(cableId, f.mainId)).toMatchObject({ quantity: 6, value: 3_000 });
  });

  it('posting twice at once posts once; a cancelled count posts nothing', async () => {
    const f = await stockFixture(t);
    const a = api(f);
    await f.posted({ kind: 'receipt', warehouseId: f.mainId, vendorId: f.vendorId, lines: [{ materialId: f.laptopId, quantity: 2, unitCost: 100_000 }] });
    const started = countSession.parse((await a.call('POST', '/api/stock/counts', { warehouseId: f.mainId })).body);
    const plan = await a.plan(started.id);
    expect(plan.figures.writeOffs).toBe(2);
    const body = { reason: 'Heç biri tapılmadı, akt tərtib edilib', expected: plan.figures };
    const results = await Promise.all([
      a.call('POST', `/api/stock/counts/${started.id}/post`, body),
      a.call('POST', `/api/stock/counts/${started.id}/post`, body, 'admin'),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    expect(results.find((r) => r.status === 422)!.body).toMatchObject({ code: 'countClosed' });
    expect((await a.state(started.id)).operationIds).toHaveLength(1);
    expect(await f.level(f.laptopId, f.mainId)).toMatchObject({ quantity: 0 });
    expect((await a.call('POST', `/api/stock/counts/${started.id}/post`, body)).body).toMatchObject({ code: 'countClosed' });

    const other = countSession.parse((await a.call('POST', '/api/stock/counts', { warehouseId: f.branchId })).body);
    expect(countSession.parse((await a.call('POST', `/api/stock/counts/${other.id}/cancel`)).body).status).toBe('cancelled');
    expect((await a.call('POST', `/api/stock/counts/${other.id}/post`, { reason: '' })).body).toMatchObject({ code: 'countClosed' });
  });
});
