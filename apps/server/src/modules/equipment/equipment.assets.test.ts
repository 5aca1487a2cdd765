import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { myEquipmentResponse } from '@servicedesk/contracts';
import { equipmentBudgets, groups, materials, modalElements, notifications } from '../../db/schema';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { equipmentFixture, type EquipmentFixture } from './equipment.test-support';
import { noticeWarranties } from './equipment.assets';

/*
 * Issue #40: purchase follow-up, my equipment, asset facts, the budget rule — each rule through
 * the API as the people concerned (employee, keeper, director, another employee).
 */
describe.each(backends)('purchase follow-up, my equipment, asset facts, budget rule on %s', (backend) => {
  let t: TestApp;
  let f: EquipmentFixture;
  let monitor: number;
  let vendor: number;
  /** The request issued through a purchase, and the asset it gave the employee. */
  let issued: { requestId: number; requestNumber: string; inventoryId: number };

  beforeAll(async () => {
    t = await createTestApp(backend);
    f = await equipmentFixture(t);
    const [row] = await t.app.deps.db
      .select({ id: materials.id })
      .from(materials)
      .where(eq(materials.code, 'MN-P2423'));
    monitor = row!.id;
    const [v] = await t.app.deps.db.select({ id: modalElements.id }).from(modalElements).where(eq(modalElements.kind, 'vendor')).limit(1);
    vendor = v!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const processLine = (requestId: number, line: Record<string, unknown>) =>
    f.call('keeper', 'POST', `/api/equipment/processing/${requestId}/lines`, { lines: [line] });

  it('keeps a request with a line marked for purchase open until its receipt arrives and the unit is issued', async () => {
    const a = await f.approved({
      lines: [{ materialId: monitor, description: 'Monitor Dell P2423', quantity: 1, unit: 'pcs', unitPrice: 41_000 }],
    });
    const lineId = a.request.lines[0]!.id;
    const marked = await processLine(a.request.id, { lineId, decision: 'purchase' });
    expect(marked.status, JSON.stringify(marked.json)).toBe(200);
    expect(marked.json.request).toMatchObject({ status: 'APPROVED', awaitingPurchase: true });
    expect(marked.json.request.lines[0].state).toBe('awaitingPurchase');

    // The employee sees the line's state; the keeper's purchase queue lists it.
    expect((await f.detail('employee', a.request.id)).request.lines[0]!.state).toBe('awaitingPurchase');
    const queue = await f.call('keeper', 'GET', '/api/equipment/purchases?state=awaitingPurchase');
    expect(queue.status).toBe(200);
    expect(queue.json.items.map((i: { lineId: number }) => i.lineId)).toContain(lineId);
    expect((await f.call('employee', 'GET', '/api/equipment/purchases')).status).toBe(403);

    // Nothing received: not issued.
    const early = await processLine(a.request.id, { lineId, decision: 'issue', warehouseId: f.warehouse });
    expect(early.status).toBe(422);
    expect(early.json.code).toBe('awaitingReceipt');

    // The receipt linked to the line: still open, the employee told it is ready.
    const received = await f.call('keeper', 'POST', `/api/equipment/purchases/${lineId}/receive`, {
      warehouseId: f.warehouse,
      serials: ['SN-PURCHASE-40'],
      vendorId: vendor,
      vendorInvoiceRef: 'INV-KM-40',
    });
    expect(received.status, JSON.stringify(received.json)).toBe(200);
    expect(received.json.request).toMatchObject({ status: 'APPROVED', awaitingPurchase: true });
    expect(received.json.request.lines[0]).toMatchObject({ state: 'received', receiptOperation: { number: expect.any(String) } });
    const again = await f.call('keeper', 'POST', `/api/equipment/purchases/${lineId}/receive`, { warehouseId: f.warehouse, vendorId: vendor });
    expect(again.json.code).toBe('alreadyReceived');
    const told = await t.app.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, f.id.employee), eq(notifications.descKey, 'notifications.equipment.lineReady')));
    expect(told).toHaveLength(1);

    // Issued (from the receipt's warehouse, its unit): PROCESSED, the asset the employee's.
    const done = await processLine(a.request.id, { lineId, decision: 'issue' });
    expect(done.status, JSON.stringify(done.json)).toBe(200);
    expect(done.json.request).toMatchObject({ status: 'PROCESSED', awaitingPurchase: false });
    expect(done.json.request.lines[0].state).toBe('issued');
    const mine = myEquipmentResponse.parse((await f.call('employee', 'GET', '/api/assets/mine')).json);
    const asset = mine.items.find((i) => i.serial === 'SN-PURCHASE-40');
    expect(asset).toMatchObject({ status: 'assigned', request: { id: a.request.id, number: a.request.number }, confirmedAt: null });
    expect(asset!.since).not.toBeNull();
    issued = { requestId: a.request.id, requestNumber: a.request.number, inventoryId: asset!.id };
  });

  it('cancels a line only with a reason', async () => {
    const a = await f.approved();
    const lineId = a.request.lines[0]!.id;
    const bare = await processLine(a.request.id, { lineId, decision: 'cancel', note: 'yox' });
    expect(bare.json.code).toBe('reasonRequired');
    const done = await processLine(a.request.id, { lineId, decision: 'cancel', note: 'Bu model artıq istehsal olunmur' });
    expect(done.json.request.status).toBe('PROCESSED');
  });

  it('lists only my own equipment; another employee neither sees nor confirms it; the inventories list stays the keepers’', async () => {
    const others = myEquipmentResponse.parse((await f.call('lead', 'GET', '/api/assets/mine')).json);
    expect(others.items.map((i) => i.id)).not.toContain(issued.inventoryId);
    expect((await f.call('lead', 'POST', `/api/assets/${issued.inventoryId}/confirmReceipt`)).status).toBe(404);
    expect((await f.call('lead', 'POST', `/api/assets/${issued.inventoryId}/fault`, { description: 'Ekran yanıb-sönür, işləmir.' })).status).toBe(404);
    expect((await f.call('employee', 'POST', '/api/stock/inventories/grid', {})).status).toBe(403);
  });

  it('records the confirmed receipt in the asset’s history with the holder’s name and time, once', async () => {
    const confirmed = await f.call('employee', 'POST', `/api/assets/${issued.inventoryId}/confirmReceipt`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.confirmedAt).toEqual(expect.any(String));
    const twice = await f.call('employee', 'POST', `/api/assets/${issued.inventoryId}/confirmReceipt`);
    expect(twice.json.code).toBe('alreadyConfirmed');
    const detail = await f.call('employee', 'GET', `/api/stock/inventories/${issued.inventoryId}`);
    const row = detail.json.history.find((h: { action: string }) => h.action === 'confirmReceipt');
    expect(row).toMatchObject({ actor: { id: f.id.employee, name: expect.any(String) }, createdAt: confirmed.json.confirmedAt });
  });

  it('opens a help-desk request linked to the asset when its holder reports a fault; the asset lists it to whoever may open the request', async () => {
    const fault = await f.call('employee', 'POST', `/api/assets/${issued.inventoryId}/fault`, { description: 'Ekran yanıb-sönür, işləmir.' });
    expect(fault.status).toBe(200);
    expect(fault.json.number).toMatch(/^HD-/);
    const ticket = await f.call('employee', 'GET', `/api/helpdesk/requests/${fault.json.id}`);
    expect(ticket.status).toBe(200);
    expect(ticket.json.request.title).toContain('Monitor Dell P2423');
    const links = await f.call('employee', 'GET', `/api/assets/${issued.inventoryId}/helpdesk`);
    expect(links.json.items.map((i: { id: number }) => i.id)).toEqual([fault.json.id]);
    // Issue #42: the keeper sees the asset but may not open the employee's request — its number,
    // title and status are not theirs to read on the asset's page either.
    expect((await f.call('keeper', 'GET', `/api/helpdesk/requests/${fault.json.id}`)).status).toBe(403);
    expect((await f.call('keeper', 'GET', `/api/assets/${issued.inventoryId}/helpdesk`)).json).toEqual({ items: [] });
    expect((await f.call('lead', 'GET', `/api/assets/${issued.inventoryId}/helpdesk`)).status).toBe(404);
    const ret = await f.call('employee', 'POST', `/api/assets/${issued.inventoryId}/returnRequest`, {});
    expect(ret.json.returnRequestedAt).toEqual(expect.any(String));
  });

  it('keeps the asset facts (the receipt’s by default) and tells the keeper once, 30 days before the warranty ends', async () => {
    const before = await f.call('keeper', 'GET', `/api/assets/${issued.inventoryId}/facts`);
    expect(before.json).toMatchObject({ purchasePrice: 41_000, fromReceipt: expect.arrayContaining(['purchaseDate', 'purchasePrice']) });
    const now = new Date();
    const end = new Date(now.getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
    const saved = await f.call('keeper', 'PUT', `/api/assets/${issued.inventoryId}/facts`, {
      model: 'P2423',
      manufacturer: 'Dell',
      warrantyEnd: end,
      supplier: 'Kompüter Mərkəzi MMC',
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ model: 'P2423', manufacturer: 'Dell', warrantyEnd: end, supplier: 'Kompüter Mərkəzi MMC', purchaseCurrency: 'AZN' });
    expect((await f.call('employee', 'PUT', `/api/assets/${issued.inventoryId}/facts`, { model: 'X' })).status).toBe(403);

    expect(await noticeWarranties(t.app.deps, now)).toBe(1);
    expect(await noticeWarranties(t.app.deps, now)).toBe(0);
    expect(await noticeWarranties(t.app.deps, new Date(now.getTime() + 86_400_000))).toBe(0);
    const told = await t.app.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, f.id.keeper), eq(notifications.descKey, 'notifications.equipment.warrantyEnding')));
    expect(told).toHaveLength(1);
  });

  it('lists materials below their minimum with a suggested quantity', async () => {
    await t.app.deps.db.update(materials).set({ minLevel: 1_000_000 }).where(eq(materials.code, 'PP-A4'));
    const list = await f.call('keeper', 'GET', '/api/equipment/purchases/reorder');
    expect(list.status).toBe(200);
    const paper = list.json.items.find((i: { code: string }) => i.code === 'PP-A4');
    expect(paper.suggested).toBe(Math.ceil(2 * 1_000_000 - paper.stock - paper.onOrder));
  });

  it('charges only a budget line of the requester’s own group, unless permitted (director)', async () => {
    const [store] = await t.app.deps.db.select({ id: groups.id }).from(groups).where(eq(groups.name, 'Anbar'));
    // The warehouse group's seeded line of this year: the employee (Hüquq) is not in that group.
    const [line] = await t.app.deps.db
      .select({ id: equipmentBudgets.id })
      .from(equipmentBudgets)
      .where(and(eq(equipmentBudgets.groupId, store!.id), eq(equipmentBudgets.year, new Date().getFullYear())));
    const body = {
      budgetId: line!.id,
      justification: 'Anbar üçün alətlər lazımdır.',
      lines: [{ description: 'Drel', quantity: 1, unit: 'pcs', unitPrice: 10_000 }],
      submit: true,
    };
    const refused = await f.call('employee', 'POST', '/api/equipment/requests/save', body);
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe('budgetNotOwnGroup');
    // No group at all: no line without the permission.
    const ungrouped = await f.call('visaPool', 'POST', '/api/equipment/requests/save', { ...body, budgetId: await f.budget(100_000) });
    expect(ungrouped.json.code).toBe('budgetNotOwnGroup');
    const reference = await f.call('employee', 'GET', '/api/equipment/reference');
    expect(reference.json.budgets.map((b: { id: number }) => b.id)).not.toContain(line!.id);
    // The director may (inventory.requests.anyBudget); a draft: no one else would approve it.
    const permitted = await f.call('director', 'POST', '/api/equipment/requests/save', { ...body, submit: false });
    expect(permitted.status, JSON.stringify(permitted.json)).toBe(200);
  });
});
