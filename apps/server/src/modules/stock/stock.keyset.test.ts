import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { executedRows } from '../../lib/lists/list-page';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { expectSameWalk, walkPages, type KeysetAnswer } from '../../../test/keyset-walk';
import { generateStock } from './stock.generator';

/*
 * The stock grids' keyset cursor (issue #44): walking a grid with `after: nextCursor` answers every
 * row of it exactly once, in its order — for each sort, both directions, both material modes, with
 * many rows sharing a sort value (names, creation and update times, operation dates, stock) — and a
 * holder's units never include another's. The expected rows are read straight from the tables in
 * the order written out here. The list cache is off: rows are changed behind the API's back.
 */

const TAKE = 7;
const dirs = ['asc', 'desc'] as const;

describe.each(backends)('stock grids keyset paging on %s', (backend) => {
  let t: TestApp;
  let keeper: string;
  let employee: string;
  let employeeId: number;
  let warehouseId: number;
  beforeAll(async () => {
    t = await createTestApp(backend, { helpdeskListCacheMs: 0 });
    const db = t.app.deps.db;
    await generateStock(db, { materials: 60, lines: 240, extraWarehouses: 2 });
    // Equal sort keys: a third of the materials share a name, a quarter an instant of creation;
    // operations share dates and posting times in runs; units share update times.
    await db.execute(sql`update materials set name = 'Eyni ad' where id % 3 = 0`);
    await db.execute(sql`update materials set created_at = timestamptz '2026-01-01T00:00:00Z' where id % 4 = 0`);
    await db.execute(sql`update stock_operations set operation_date = date_trunc('month', operation_date), posted_at = date_trunc('month', posted_at)`);
    await db.execute(sql`
      insert into inventories (inventory_number, material_id, serial, status, warehouse_id, holder_id, unit_cost, updated_at)
      select 'KS-' || lpad(g::text, 4, '0'), (select min(id) from materials), 'S' || g, (array['inStock','assigned','inRepair','writtenOff'])[1 + g % 4],
        case when g % 4 in (1, 2) then null else (select min(id) from warehouses) end,
        (select id from users where email = case g % 4 when 1 then 'employee@servicedesk.az' when 2 then 'executor@servicedesk.az' end),
        100, timestamptz '2026-02-01T00:00:00Z' + (g % 5) * interval '1 day'
      from generate_series(1, 45) g`);
    await db.execute(sql`
      insert into warehouses (name, created_at) select 'Açar anbarı ' || g, timestamptz '2026-03-01T00:00:00Z' + (g % 3) * interval '1 hour' from generate_series(1, 20) g`);
    keeper = await t.login('warehouse@servicedesk.az');
    employee = await t.login('employee@servicedesk.az');
    employeeId = Number(executedRows<{ id: number }>(await db.execute(sql`select id from users where email = 'employee@servicedesk.az'`))[0]!.id);
    // The warehouse most operations go from or into (transfers into it included).
    warehouseId = Number(
      executedRows<{ id: number }>(
        await db.execute(sql`select w as id from (select warehouse_id w from stock_operations union all select to_warehouse_id from stock_operations where to_warehouse_id is not null) x group by w order by count(*) desc limit 1`),
      )[0]!.id,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const ids = async (text: ReturnType<typeof sql>) => executedRows<{ id: number }>(await t.app.deps.db.execute(text)).map((r) => Number(r.id));
  const grid = (url: string, token: string, query: Record<string, unknown>) => async (after: string | undefined) => {
    const res = await t.as(token, { method: 'POST', url, payload: { ...query, take: TAKE, ...(after ? { after } : {}) } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as KeysetAnswer;
  };
  const walk = (url: string, token: string, query: Record<string, unknown>) => walkPages(grid(url, token, query), TAKE);

  /** The group path of each material group in az, as the collapsed view orders them. */
  const paths = sql`(with recursive up(start, parent_id, name, depth) as (
      select g.id, g.parent_id, g.names ->> 'az', 0 from material_groups g
      union all select up.start, g.parent_id, g.names ->> 'az', up.depth + 1 from up join material_groups g on g.id = up.parent_id)
    select start as id, string_agg(name, ' / ' order by depth desc) as path from up group by start)`;
  const materialOrder = { code: 'm.code, m.id', name: 'm.name, m.id', group: 'm.group_id, m.code, m.id', stock: 'm.stock_quantity, m.id', createdAt: 'm.created_at, m.id' } as const;
  const directed = (columns: string, dir: string) => columns.split(', ').map((c) => `${c} ${dir}`).join(', ');

  it.each((['elements', 'collapsed'] as const).flatMap((mode) => (Object.keys(materialOrder) as (keyof typeof materialOrder)[]).flatMap((sort) => dirs.map((sortDir) => ({ mode, sort, sortDir })))))(
    'materials $mode by $sort $sortDir: every material once, in order',
    async ({ mode, sort, sortDir }) => {
      const order = directed(materialOrder[sort], sortDir);
      const expected = await ids(
        mode === 'collapsed'
          ? sql`select m.id from materials m join ${paths} gp on gp.id = m.group_id order by gp.path asc, ${sql.raw(order)}`
          : sql`select m.id from materials m order by ${sql.raw(order)}`,
      );
      expect(expected.length).toBeGreaterThan(3 * TAKE);
      expectSameWalk(await walk('/api/stock/materials/grid', keeper, { mode, sort, sortDir }), expected, `materials ${mode} ${sort} ${sortDir}`);
    },
  );

  it('materials found by a word: every match once, through its index or along the walk', async () => {
    const expected = await ids(sql`select id from materials where name ilike '%eyni%' or code ilike '%eyni%' order by code, id`);
    expect(expected.length).toBeGreaterThan(TAKE);
    expectSameWalk(await walk('/api/stock/materials/grid', keeper, { mode: 'elements', sort: 'code', sortDir: 'asc', search: 'eyni' }), expected, 'materials search');
  });

  const operationOrder = { operationDate: 'operation_date, id', number: 'number', postedAt: 'posted_at, id' } as const;
  it.each((Object.keys(operationOrder) as (keyof typeof operationOrder)[]).flatMap((sort) => dirs.map((sortDir) => ({ sort, sortDir }))))(
    'operations by $sort $sortDir, all and one warehouse’s (from it or into it): each once, in order',
    async ({ sort, sortDir }) => {
      const order = sql.raw(directed(operationOrder[sort], sortDir));
      const all = await ids(sql`select id from stock_operations order by ${order}`);
      expectSameWalk(await walk('/api/stock/operations/grid', keeper, { sort, sortDir }), all, `operations ${sort} ${sortDir}`);
      const ofWarehouse = await ids(sql`select id from stock_operations where warehouse_id = ${warehouseId} or to_warehouse_id = ${warehouseId} order by ${order}`);
      expect(ofWarehouse.length).toBeGreaterThan(2 * TAKE);
      expect(ofWarehouse.length).toBeLessThan(all.length);
      expectSameWalk(await walk('/api/stock/operations/grid', keeper, { sort, sortDir, warehouseId }), ofWarehouse, `a warehouse's operations ${sort} ${sortDir}`);
    },
  );

  const inventoryOrder = { inventoryNumber: 'i.inventory_number', updatedAt: 'i.updated_at, i.id', status: 'i.status, i.id', material: 'm.name, i.id' } as const;
  it.each((Object.keys(inventoryOrder) as (keyof typeof inventoryOrder)[]).flatMap((sort) => dirs.map((sortDir) => ({ sort, sortDir }))))(
    'inventories by $sort $sortDir: every unit once; my units are only mine',
    async ({ sort, sortDir }) => {
      const order = sql.raw(directed(inventoryOrder[sort], sortDir));
      const all = await ids(sql`select i.id from inventories i join materials m on m.id = i.material_id order by ${order}`);
      expectSameWalk(await walk('/api/stock/inventories/grid', keeper, { sort, sortDir }), all, `inventories ${sort} ${sortDir}`);
      const mine = await ids(sql`select i.id from inventories i join materials m on m.id = i.material_id where i.holder_id = ${employeeId} order by ${order}`);
      expect(mine.length).toBeGreaterThan(TAKE);
      expectSameWalk(await walk('/api/stock/inventories/mine', employee, { sort, sortDir }), mine, `my inventories ${sort} ${sortDir}`);
    },
  );

  it.each((['name', 'createdAt'] as const).flatMap((sort) => dirs.map((sortDir) => ({ sort, sortDir }))))('warehouses by $sort $sortDir: each once, in order', async ({ sort, sortDir }) => {
    const expected = await ids(sql`select id from warehouses order by ${sql.raw(directed(sort === 'name' ? 'name, id' : 'created_at, id', sortDir))}`);
    expectSameWalk(await walk('/api/stock/warehouses/grid', keeper, { sort, sortDir }), expected, `warehouses ${sort} ${sortDir}`);
  });

  it('jumps ahead of a cursor with skip, and refuses a cursor of another sort with 400 invalidCursor', async () => {
    const first = await grid('/api/stock/materials/grid', keeper, { mode: 'elements', sort: 'name', sortDir: 'asc' })(undefined);
    const all = await ids(sql`select id from materials order by name, id`);
    const res = await t.as(keeper, { method: 'POST', url: '/api/stock/materials/grid', payload: { mode: 'elements', sort: 'name', sortDir: 'asc', take: TAKE, skip: TAKE, after: first.nextCursor } });
    expect((res.json() as KeysetAnswer).rows.map((r) => r.id)).toEqual(all.slice(2 * TAKE, 3 * TAKE));
    const other = await t.as(keeper, { method: 'POST', url: '/api/stock/materials/grid', payload: { mode: 'elements', sort: 'group', after: first.nextCursor } });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'invalidCursor' });
  });
});
