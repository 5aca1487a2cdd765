import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSession, inventoryDetail } from '@servicedesk/contracts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { stockFixture } from './stock.test-support';

/* A physical count (issue #13): found, missing, misplaced, unknown; the differences posted in one step. */
describe('physical count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds one missing and one misplaced, and posts a transfer and a write-off in one step', async () => {
    const f = await stockFixture(t);
    const receipt = await f.posted({ kind: 'receipt', warehouseId: f.mainId, vendorId: f.vendorId, lines: [{ materialId: f.laptopId, quantity: 3, unitCost: 100_000 }] });
    const elsewhere = await f.posted({ kind: 'receipt', warehouseId: f.branchId, vendorId: f.vendorId, lines: [{ materialId: f.laptopId, quantity: 1, unitCost: 100_000 }] });
    const [a, b, c] = receipt.lines[0]!.inventoryIds as [number, number, number];
    const misplacedId = elsewhere.lines[0]!.inventoryIds[0]!;
    const number = async (id: number) => inventoryDetail.parse((await t.as(f.token.keeper, { method: 'GET', url: `/api/stock/inventories/${id}` })).json()).inventory.inventoryNumber;
    const call = async (url: string, payload: Record<string, unknown>) => {
      const res = await t.as(f.token.keeper, { method: 'POST', url, payload });
      return { status: res.statusCode, body: res.json() as Record<string, unknown> };
    };
    const started = countSession.parse((await call('/api/stock/counts', { warehouseId: f.mainId })).body);
    expect(started.missing.map((m) => m.id)).toEqual([a, b, c]);
    for (const n of [await number(a), (await number(b)).toLowerCase(), await number(misplacedId), 'AST-999999']) await call(`/api/stock/counts/${started.id}/scan`, { inventoryNumber: n });
    const state = countSession.parse((await t.as(f.token.keeper, { method: 'GET', url: `/api/stock/counts/${started.id}` })).json());
    expect(state.found.map((x) => x.id)).toEqual([a, b]);
    expect(state.missing.map((x) => x.id)).toEqual([c]);
    expect(state.misplaced.map((x) => x.id)).toEqual([misplacedId]);
    expect(state.unknown).toEqual(['AST-999999']);

    expect((await call(`/api/stock/counts/${started.id}/post`, { reason: 'qısa' })).body).toMatchObject({ code: 'reasonRequired' });
    const posted = countSession.parse((await call(`/api/stock/counts/${started.id}/post`, { reason: 'Sayımda tapılmadı, itki aktı tərtib edilib' })).body);
    expect(posted.status).toBe('posted');
    expect(posted.operationIds).toHaveLength(2);
    expect(await f.level(f.laptopId, f.mainId)).toMatchObject({ quantity: 3 });
    expect(await f.level(f.laptopId, f.branchId)).toMatchObject({ quantity: 0 });
    const gone = inventoryDetail.parse((await t.as(f.token.keeper, { method: 'GET', url: `/api/stock/inventories/${c}` })).json());
    expect(gone.inventory.status).toBe('writtenOff');
    expect((await call(`/api/stock/counts/${started.id}/scan`, { inventoryNumber: 'X' })).body).toMatchObject({ code: 'countClosed' });
  });
});
