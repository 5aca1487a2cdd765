import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { stockLevels } from '../../db/schema';
import { publishRecordChange } from '../../hub/record-presence';
import { decodedText } from '../../lib/encoded-body';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { stockFixture } from './stock.test-support';

/*
 * The stock grids' page cache (stock.lists.ts): a page asked again comes from memory until stock
 * changes — through stock's own API, or a module that posts stock inside its own transaction
 * and announces its record once committed. The level row is changed behind the API's back to see
 * which answer is served.
 */
describe.each(backends)('stock grids cache on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves a page again until a posting, a material edit or an equipment request change drops it', async () => {
    const f = await stockFixture(t);
    const db = t.app.deps.db;
    await f.posted({
      kind: 'receipt',
      warehouseId: f.mainId,
      vendorId: f.vendorId,
      vendorInvoiceRef: 'QF-1',
      lines: [{ materialId: f.paperId, quantity: 10, unitCost: 1000 }],
    });
    const level = async () => (await f.level(f.paperId, f.mainId)).quantity;
    const behindTheApi = (quantity: number) =>
      db
        .update(stockLevels)
        .set({ quantity })
        .where(and(eq(stockLevels.materialId, f.paperId), eq(stockLevels.warehouseId, f.mainId)));
    expect(await level()).toBe(10);

    await behindTheApi(99);
    expect(await level()).toBe(10);
    // A posting drops the pages (and the ledger writes the level again from the movements).
    await f.posted({
      kind: 'issue',
      warehouseId: f.mainId,
      recipientUserId: f.id.employee,
      lines: [{ materialId: f.paperId, quantity: 1 }],
    });
    expect(await level()).toBe(9);

    await behindTheApi(77);
    expect(await level()).toBe(9);
    const edit = await t.as(f.token.keeper, {
      method: 'PUT',
      url: `/api/stock/materials/${f.paperId}`,
      payload: {
        code: `PAP-EDIT-${f.paperId}`,
        name: 'A4 kağız, 80 q/m²',
        groupId: f.groupId,
        unitCode: 'box',
      },
    });
    expect(edit.statusCode).toBe(200);
    expect(await level()).toBe(77);

    // Equipment requests issue from stock inside their own transaction and announce afterwards.
    await behindTheApi(55);
    expect(await level()).toBe(77);
    await publishRecordChange(t.app.deps, 'equipmentRequest', 1);
    expect(await level()).toBe(55);
  });

  it('answers a cached page byte for byte as the first, names in Azerbaijani intact (sent as UTF-8)', async () => {
    const f = await stockFixture(t);
    await f.posted({
      kind: 'receipt',
      warehouseId: f.mainId,
      vendorId: f.vendorId,
      vendorInvoiceRef: 'QF-UTF8',
      lines: [{ materialId: f.paperId, quantity: 3, unitCost: 1000 }],
    });
    const ask = () =>
      t.as(f.token.keeper, {
        method: 'POST',
        url: '/api/stock/levels/grid',
        payload: { warehouseId: f.mainId, take: 500, sort: 'material', sortDir: 'asc' },
      });
    const first = await ask();
    const again = await ask();
    for (const res of [first, again]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
    expect(again.body).toBe(first.body);
    const rows = (again.json() as { rows: { materialName: string; warehouseName: string }[] }).rows;
    expect(rows).toContainEqual(
      expect.objectContaining({
        materialName: expect.stringMatching(/^A4 kağız /),
        warehouseName: expect.stringMatching(/^Mərkəzi anbar /),
      }),
    );
  });

  it("answers each material its own levels and history, asked in turn past the switch to a generic plan (prepared statements)", async () => {
    const f = await stockFixture(t);
    await f.posted({
      kind: 'receipt',
      warehouseId: f.mainId,
      vendorId: f.vendorId,
      vendorInvoiceRef: 'QF-PREP-1',
      lines: [
        { materialId: f.laptopId, quantity: 5, unitCost: 150_000 },
        { materialId: f.paperId, quantity: 10, unitCost: 1000 },
      ],
    });
    await f.posted({ kind: 'receipt', warehouseId: f.branchId, vendorId: f.vendorId, vendorInvoiceRef: 'QF-PREP-2', lines: [{ materialId: f.paperId, quantity: 4, unitCost: 1200 }] });
    const expected = {
      [f.laptopId]: { levels: [[f.mainId, 5]], moves: [[f.mainId, 5]] },
      [f.paperId]: { levels: [[f.branchId, 4], [f.mainId, 10]].sort((a, b) => a[0]! - b[0]!), moves: [[f.branchId, 4], [f.mainId, 10]].sort((a, b) => a[0]! - b[0]!) },
    };
    // PostgreSQL plans a prepared statement's first five runs for their values, then may reuse a
    // generic plan: twelve rounds, each with another page size (never the page cache).
    for (let i = 0; i < 12; i++) {
      const materialId = i % 2 ? f.laptopId : f.paperId;
      const levels = await t.as(f.token.keeper, { method: 'POST', url: '/api/stock/levels/grid', payload: { materialId, take: 50 - i, sort: 'warehouse', sortDir: 'asc' } });
      const moves = await t.as(f.token.keeper, { method: 'POST', url: '/api/stock/movements', payload: { materialId, take: 50 - i } });
      expect(levels.statusCode).toBe(200);
      expect(moves.statusCode).toBe(200);
      const levelRows = (levels.json() as { rows: { materialId: number; warehouseId: number; quantity: number }[] }).rows;
      const moveRows = (moves.json() as { rows: { warehouseId: number; quantity: number }[] }).rows;
      expect(levelRows.every((r) => r.materialId === materialId)).toBe(true);
      expect(levelRows.map((r) => [r.warehouseId, r.quantity]).sort((a, b) => a[0]! - b[0]!)).toEqual(expected[materialId]!.levels);
      expect(moveRows.map((r) => [r.warehouseId, r.quantity]).sort((a, b) => a[0]! - b[0]!)).toEqual(expected[materialId]!.moves);
    }
  });

  it('sends a page asked again compressed as the caller accepts it (Brotli, gzip), the same JSON; once, or small, as it is', async () => {
    const f = await stockFixture(t);
    // Enough materials in the warehouse for a page of some kilobytes.
    const lines = [];
    for (let i = 0; i < 30; i++) {
      const res = await t.as(f.token.admin, { method: 'POST', url: '/api/stock/materials', payload: { code: `ZIP-${f.mainId}-${i}`, name: `Sıxılan material ${i}`, groupId: f.groupId, unitCode: 'pcs' } });
      expect(res.statusCode).toBe(200);
      lines.push({ materialId: (res.json() as { id: number }).id, quantity: i + 1, unitCost: 1000 });
    }
    await f.posted({ kind: 'receipt', warehouseId: f.mainId, vendorId: f.vendorId, vendorInvoiceRef: 'QF-ZIP', lines });
    const ask = (encoding: string | undefined, payload: Record<string, unknown> = { warehouseId: f.mainId, take: 500, sort: 'material', sortDir: 'asc' }) =>
      t.as(f.token.keeper, { method: 'POST', url: '/api/stock/levels/grid', payload, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });
    const decoded = (res: Awaited<ReturnType<typeof ask>>) => decodedText(res.rawPayload, res.headers['content-encoding']);

    const first = await ask('gzip, deflate, br, zstd');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBeUndefined(); // asked once: as it is
    expect(first.rawPayload.length).toBeGreaterThan(2048);
    expect((JSON.parse(first.body) as { rows: unknown[] }).rows).toHaveLength(30);

    const br = await ask('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(first.rawPayload.length / 3);
    expect(decoded(br)).toBe(first.body);

    const gz = await ask('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(first.body);
    for (const refuses of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await ask(refuses);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(first.body);
    }

    // A small page (one material's levels) goes as it is however often it is asked.
    const small = { materialId: f.laptopId, take: 100, sort: 'warehouse', sortDir: 'asc' };
    for (let i = 0; i < 3; i++) expect((await ask('br', small)).headers['content-encoding']).toBeUndefined();
  });
});

