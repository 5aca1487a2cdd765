import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableUnitsResponse, inventoryDetail, type StockOperation } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { stockFixture, type StockFixture } from './stock.test-support';

/*
 * Choosing units (issue #40 "the keeper chooses the units"): an issue, transfer, write-off or
 * return of a tracked material names its units — picked (ids) or scanned (inventory number or
 * serial); each must be of the material, in the warehouse and available; two keepers choosing the
 * same unit into two operations at once: exactly one wins. The operation shows the units moved.
 */
describe.each(backends)('choosing units on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const receive = async (f: StockFixture, warehouseId: number, serials: string[]) =>
    (await f.posted({ kind: 'receipt', warehouseId, vendorId: f.vendorId, lines: [{ materialId: f.laptopId, quantity: serials.length, unitCost: 100_000, serials }] })).lines[0]!.units;

  it('lists the warehouse units oldest first, and the holder’s for a return', async () => {
    const f = await stockFixture(t);
    const first = await receive(f, f.mainId, ['OLD-1', 'OLD-2']);
    const later = await receive(f, f.mainId, ['NEW-1']);
    await receive(f, f.branchId, ['BR-1']);
    const list = async (body: Record<string, unknown>) =>
      availableUnitsResponse.parse((await t.as(f.token.keeper, { method: 'POST', url: '/api/stock/units', payload: { materialId: f.laptopId, ...body } })).json());
    const inMain = await list({ warehouseId: f.mainId });
    expect(inMain.rows.map((r) => r.serial)).toEqual(['OLD-1', 'OLD-2', 'NEW-1']);
    expect(inMain.total).toBe(3);
    expect((await list({ warehouseId: f.mainId, search: 'new' })).rows.map((r) => r.id)).toEqual([later[0]!.id]);
    await f.posted({ kind: 'issue', warehouseId: f.mainId, recipientUserId: f.id.employee, lines: [{ materialId: f.laptopId, quantity: 1, inventoryIds: [first[1]!.id] }] });
    expect((await list({ holderId: f.id.employee })).rows.map((r) => r.id)).toContain(first[1]!.id);
    expect((await list({ warehouseId: f.mainId })).rows.map((r) => r.id)).not.toContain(first[1]!.id);
  });

  it('moves exactly the chosen units (picked or scanned by number or serial) and shows them on the operation', async () => {
    const f = await stockFixture(t);
    const units = await receive(f, f.mainId, ['SCAN-1', 'SCAN-2', 'SCAN-3']);
    // Without units the keeper is asked for them (the system no longer picks).
    expect((await f.post({ kind: 'issue', warehouseId: f.mainId, recipientUserId: f.id.employee, lines: [{ materialId: f.laptopId, quantity: 1 }] })).json).toMatchObject({
      code: 'unitsRequired',
      details: { line: 1, materialId: f.laptopId },
    });
    // The newest unit, scanned by its serial (lower case) and by its number: not the oldest.
    const issue: StockOperation = await f.posted({
      kind: 'issue',
      warehouseId: f.mainId,
      recipientUserId: f.id.employee,
      lines: [{ materialId: f.laptopId, quantity: 2, serials: ['scan-3', units[1]!.inventoryNumber] }],
    });
    expect(issue.lines[0]!.units.map((u) => u.serial).sort()).toEqual(['SCAN-2', 'SCAN-3']);
    const detail = (await t.as(f.token.keeper, { method: 'GET', url: `/api/stock/operations/${issue.id}` })).json() as StockOperation;
    expect(detail.lines[0]!.units.map((u) => u.inventoryNumber).sort()).toEqual([units[1]!.inventoryNumber, units[2]!.inventoryNumber].sort());
    const unit = async (id: number) => inventoryDetail.parse((await t.as(f.token.keeper, { method: 'GET', url: `/api/stock/inventories/${id}` })).json()).inventory;
    expect((await unit(units[0]!.id)).status).toBe('inStock');
    expect((await unit(units[2]!.id)).holder?.id).toBe(f.id.employee);
    // A return names the units the person holds.
    const back = await f.posted({ kind: 'return', warehouseId: f.mainId, recipientUserId: f.id.employee, lines: [{ materialId: f.laptopId, quantity: 1, serials: ['SCAN-3'] }] });
    expect(back.lines[0]!.units.map((u) => u.serial)).toEqual(['SCAN-3']);
    expect((await unit(units[2]!.id)).status).toBe('inStock');
  });

  it('refuses a unit that is unknown, of another material, elsewhere, not available or not held — naming it', async () => {
    const f = await stockFixture(t);
    const [here] = await receive(f, f.mainId, ['R-1']);
    const [there] = await receive(f, f.branchId, ['R-2']);
    const line = (extra: Record<string, unknown>) => [{ materialId: f.laptopId, quantity: 1, ...extra }];
    const issue = (extra: Record<string, unknown>) => f.post({ kind: 'issue', warehouseId: f.mainId, recipientUserId: f.id.employee, lines: line(extra) });
    expect((await issue({ serials: ['NOPE-404'] })).json).toMatchObject({ code: 'unitUnknown', details: { code: 'NOPE-404' } });
    expect((await issue({ inventoryIds: [there!.id] })).json).toMatchObject({ code: 'unitNotInWarehouse', details: { inventoryNumber: there!.inventoryNumber, actualWarehouseId: f.branchId } });
    expect((await issue({ inventoryIds: [here!.id, there!.id], quantity: 1 })).json).toMatchObject({ code: 'unitNotInWarehouse' });
    const paper = await f.post({ kind: 'issue', warehouseId: f.mainId, recipientUserId: f.id.employee, lines: [{ materialId: f.paperId, quantity: 1, inventoryIds: [here!.id] }] });
    expect(paper.json).toMatchObject({ code: 'inventoryMismatch' });
    await f.posted({ kind: 'issue', warehouseId: f.mainId, recipientUserId: f.id.employee, lines: line({ inventoryIds: [here!.id] }) });
    expect((await issue({ inventoryIds: [here!.id] })).json).toMatchObject({ code: 'unitNotAvailable', details: { inventoryId: here!.id, status: 'assigned' } });
    expect((await f.post({ kind: 'return', warehouseId: f.mainId, recipientUserId: f.id.executor, lines: line({ inventoryIds: [here!.id] }) })).json).toMatchObject({ code: 'unitNotHeld' });
    // Nothing moved by the refusals: the level is the one issue's.
    expect(await f.level(f.laptopId, f.mainId)).toMatchObject({ quantity: 0 });
    expect(await f.level(f.laptopId, f.branchId)).toMatchObject({ quantity: 1 });
  });

  it('two keepers choosing the same unit into two operations at once: exactly one wins', async () => {
    const f = await stockFixture(t);
    const units = await receive(f, f.mainId, ['RACE-1', 'RACE-2']);
    const unitId = units[0]!.id;
    const [a, b] = await Promise.all([
      f.post({ kind: 'issue', warehouseId: f.mainId, recipientUserId: f.id.employee, lines: [{ materialId: f.laptopId, quantity: 1, inventoryIds: [unitId] }] }),
      f.post({ kind: 'transfer', warehouseId: f.mainId, toWarehouseId: f.branchId, lines: [{ materialId: f.laptopId, quantity: 1, inventoryIds: [unitId] }] }, 'admin'),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 422]);
    const loser = a.status === 422 ? a : b;
    expect(loser.json).toMatchObject({ details: { inventoryId: unitId } });
    expect(['unitNotAvailable', 'unitNotInWarehouse']).toContain(loser.json.code);
    // The books agree with the one that won.
    const main = await f.level(f.laptopId, f.mainId);
    const branch = await f.level(f.laptopId, f.branchId);
    expect(main.quantity).toBe(1);
    expect(branch.quantity).toBe(a.status === 200 ? 0 : 1);
  });
});
