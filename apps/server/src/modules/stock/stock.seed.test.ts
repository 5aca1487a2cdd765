import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { inventoryListResponse, materialListResponse, stockOperationListResponse, warehouseListResponse } from '@servicedesk/contracts';
import { executedRows } from '../../lib/lists/list-page';
import { createTestApp, type TestApp } from '../../../test/helpers';

/* The demo stock (issue #13 "Demo data"), as the keeper sees it after a fresh start. */
describe('stock demo data', () => {
  let t: TestApp;
  let keeper: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    keeper = await t.login('warehouse@servicedesk.az');
  });
  afterAll(async () => {
    await t?.close();
  });
  const grid = async (url: string, payload: Record<string, unknown> = {}) => {
    const res = await t.as(keeper, { method: 'POST', url, payload });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('has materials in groups, three warehouses, a year of operations and inventories in every status', async () => {
    const mats = materialListResponse.parse(await grid('/api/stock/materials/grid', { mode: 'collapsed' }));
    expect(mats.total).toBeGreaterThanOrEqual(12);
    expect(new Set(mats.rows.map((m) => m.groupPath)).size).toBeGreaterThanOrEqual(6);
    expect(warehouseListResponse.parse(await grid('/api/stock/warehouses/grid')).total).toBe(3);
    const ops = stockOperationListResponse.parse(await grid('/api/stock/operations/grid', { take: 500 }));
    expect(new Set(ops.rows.map((o) => o.kind))).toEqual(new Set(['receipt', 'issue', 'transfer', 'writeOff', 'return', 'reversal']));
    const days = ops.rows.map((o) => Date.parse(o.operationDate));
    expect(Math.max(...days) - Math.min(...days)).toBeGreaterThan(300 * 86_400_000);
    for (const status of ['inStock', 'assigned', 'inRepair', 'writtenOff']) {
      expect(inventoryListResponse.parse(await grid('/api/stock/inventories/grid', { status })).total, status).toBeGreaterThan(0);
    }
  });

  it('keeps every level equal to its ledger (last balance, sum of movements) and never below zero', async () => {
    const rows = executedRows<{ bad: number }>(
      await t.app.deps.db.execute(sql`
        select count(*)::int as bad from stock_levels l
        where l.quantity < 0
           or l.quantity <> coalesce((select sum(m.quantity) from stock_movements m where m.material_id = l.material_id and m.warehouse_id = l.warehouse_id), 0)
           or l.value <> coalesce((select m.balance_value from stock_movements m where m.material_id = l.material_id and m.warehouse_id = l.warehouse_id order by m.operation_date desc, m.id desc limit 1), 0)`),
    );
    expect(rows[0]!.bad).toBe(0);
    const counts = executedRows<{ n: number }>(
      await t.app.deps.db.execute(sql`select count(*)::int as n from inventories i where i.status = 'inStock' and i.warehouse_id is null`),
    );
    expect(counts[0]!.n).toBe(0);
  });
});
