import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import type { Db } from '../../db/client';
import { executedRows } from '../../lib/lists/list-page';
import { generateStock, type GeneratedStock } from './stock.generator';

/**
 * What breaks the ledger's rules anywhere in the database (all zero when it holds): running
 * quantities, average outflows (value × quantity / balance, the last unit taking the rest),
 * running values, transfer inflows taking their outflow's value, outflow lines showing their
 * movement's value, levels = the last balance, a material's stock = the sum of its levels, monthly
 * snapshots = the balance at the month's end.
 */
async function ledgerFaults(db: Db): Promise<Record<string, number>> {
  const [row] = executedRows<Record<string, number>>(
    await db.execute(sql`
      with w as (
        select m.*, lag(balance_quantity) over p as pq, lag(balance_value) over p as pv, sum(quantity) over p as run
        from stock_movements m window p as (partition by material_id, warehouse_id order by operation_date, id)
      )
      select
        (select count(*)::int from w where run <> balance_quantity) as "runningQuantity",
        (select count(*)::int from w where valuation = 'average' and quantity < 0 and value <> -(case when coalesce(pq, 0) + quantity = 0 then coalesce(pv, 0)
            else round(coalesce(pv, 0) * -quantity / nullif(pq, 0)) end)) as "averageOutflow",
        (select count(*)::int from w where balance_value <> case when balance_quantity = 0 then 0 else coalesce(pv, 0) + value end) as "runningValue",
        (select count(*)::int from stock_movements o join stock_movements i on i.id = o.pair_id where i.value <> -o.value) as "transferPair",
        (select count(*)::int from stock_movements m join stock_operation_lines l on l.id = m.line_id
          where m.valuation = 'average' and m.quantity < 0 and l.amount <> -m.value) as "outflowLine",
        (select count(*)::int from stock_levels l left join lateral (
            select x.balance_quantity q, x.balance_value v from stock_movements x where x.material_id = l.material_id and x.warehouse_id = l.warehouse_id
            order by x.operation_date desc, x.id desc limit 1) b on true
          where l.quantity <> coalesce(b.q, 0) or l.value <> coalesce(b.v, 0)) as level,
        (select count(*)::int from materials m where m.stock_quantity <> coalesce((select sum(l.quantity) from stock_levels l where l.material_id = m.id), 0)) as "materialStock",
        (select count(*)::int from stock_snapshots s left join lateral (
            select x.balance_quantity q, x.balance_value v from stock_movements x where x.material_id = s.material_id and x.warehouse_id = s.warehouse_id
              and x.operation_date < ((to_date(s.month, 'YYYY-MM') + interval '1 month')::timestamp at time zone 'UTC')
            order by x.operation_date desc, x.id desc limit 1) b on true
          where s.quantity <> coalesce(b.q, 0) or s.value <> coalesce(b.v, 0)) as snapshot`),
  );
  return row!;
}

const noFaults = {
  materialStock: 0,
  runningQuantity: 0,
  averageOutflow: 0,
  runningValue: 0,
  transferPair: 0,
  outflowLine: 0,
  level: 0,
  snapshot: 0,
};

/*
 * The benchmark's generator (bench/stock) on a small scale, and the ledger's recompute on what it
 * wrote: a back-dated receipt of the most moved material re-values what follows it in every
 * warehouse its transfers reach, and the ledger's rules still hold everywhere.
 */
describe.each(backends)('stock generator on %s', (backend) => {
  let t: TestApp;
  let generated: GeneratedStock;
  let token: string;
  let vendorId: number;
  beforeAll(async () => {
    t = await createTestApp(backend);
    generated = await generateStock(t.app.deps.db, {
      materials: 300,
      lines: 4000,
      extraWarehouses: 2,
    });
    token = await t.login('warehouse@servicedesk.az');
    const [vendor] = executedRows<{ id: number }>(
      await t.app.deps.db.execute(
        sql`select min(id) as id from modal_elements where kind = 'vendor'`,
      ),
    );
    vendorId = Number(vendor!.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const levels = async () =>
    new Map(
      executedRows<{ w: number; q: number; v: number }>(
        await t.app.deps.db.execute(
          sql`select warehouse_id as w, quantity::float8 as q, value::float8 as v from stock_levels where material_id = ${generated.hotMaterialId}`,
        ),
      ).map((r) => [Number(r.w), { quantity: Number(r.q), value: Number(r.v) }]),
    );
  const monthsAgo = (n: number) => {
    const d = new Date();
    d.setUTCMonth(d.getUTCMonth() - n);
    return d.toISOString();
  };

  it('writes materials, operations over two years, opening balances and inventories as the ledger would', async () => {
    expect(generated).toMatchObject({ materials: 300, groups: 220 });
    expect(generated.warehouseIds).toHaveLength(5);
    expect(generated.lines).toBeGreaterThanOrEqual(4000);
    expect(generated.openingLines).toBeGreaterThan(0);
    expect(generated.movements).toBeGreaterThan(generated.lines);
    expect(generated.inventories).toBeGreaterThan(0);
    expect(generated.hotMovements).toBeGreaterThan(100);
    expect(await ledgerFaults(t.app.deps.db)).toEqual(noFaults);
  });

  it('re-values what follows a back-dated receipt in every warehouse its transfers reach, and nothing before it', async () => {
    const db = t.app.deps.db;
    const [main] = executedRows<{ id: number }>(
      await db.execute(sql`select id from warehouses where name = 'Mərkəzi anbar'`),
    );
    const mainId = Number(main!.id);
    const cut = monthsAgo(9);
    const snapshotBefore = async () =>
      executedRows<{ n: string }>(
        await db.execute(sql`select md5(string_agg(id || ':' || value || ':' || balance_value, ',' order by id)) as n from stock_movements
          where material_id = ${generated.hotMaterialId} and operation_date < ${cut}::timestamptz`),
      )[0]!.n;
    const earlier = await snapshotBefore();
    const before = await levels();
    const res = await t.as(token, {
      method: 'POST',
      url: '/api/stock/operations',
      payload: {
        kind: 'receipt',
        warehouseId: mainId,
        vendorId,
        vendorInvoiceRef: 'BENCH-TEST',
        operationDate: cut,
        lines: [{ materialId: generated.hotMaterialId, quantity: 5, unitCost: 987_654 }],
      },
    });
    expect(res.statusCode).toBe(200);
    const after = await levels();
    // The receiving warehouse gained 5 units and value; another warehouse's value moved with the transfers out of it.
    expect(after.get(mainId)!.quantity).toBe(before.get(mainId)!.quantity + 5);
    expect(after.get(mainId)!.value).not.toBe(before.get(mainId)!.value);
    const changedElsewhere = [...after.entries()].filter(
      ([w, l]) => w !== mainId && l.value !== before.get(w)?.value,
    );
    expect(changedElsewhere.length).toBeGreaterThan(0);
    for (const [w, l] of changedElsewhere) expect(l.quantity).toBe(before.get(w)!.quantity);
    // Nothing before its date was rewritten, and the rules hold everywhere.
    expect(await snapshotBefore()).toBe(earlier);
    expect(await ledgerFaults(db)).toEqual(noFaults);
  });

  it('refuses a back-dated issue that would take a past balance below zero, and writes nothing of it', async () => {
    const db = t.app.deps.db;
    const [main] = executedRows<{ id: number }>(
      await db.execute(sql`select id from warehouses where name = 'Mərkəzi anbar'`),
    );
    const before = await levels();
    const employee = executedRows<{ id: number }>(
      await db.execute(sql`select id from users where email = 'employee@servicedesk.az'`),
    )[0]!.id;
    const res = await t.as(token, {
      method: 'POST',
      url: '/api/stock/operations',
      payload: {
        kind: 'issue',
        warehouseId: Number(main!.id),
        recipientUserId: Number(employee),
        operationDate: monthsAgo(20),
        lines: [{ materialId: generated.hotMaterialId, quantity: 1_000_000 }],
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'insufficientStock',
      details: {
        materialId: generated.hotMaterialId,
        warehouseId: Number(main!.id),
        requested: 1_000_000,
      },
    });
    expect(await levels()).toEqual(before);
    expect(await ledgerFaults(db)).toEqual(noFaults);
  });
});
