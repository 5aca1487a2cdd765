import { eq } from 'drizzle-orm';
import { stockOperation, type PostStockOperationInput, type StockOperation } from '@servicedesk/contracts';
import { modalElements, users } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';

/*
 * Factories for the stock tests: signed-in personas, a group with two materials (laptops kept as
 * inventories, paper by the box), two warehouses kept by the demo keeper and a vendor — all made
 * through the API except the vendor row.
 */

export const STOCK_PERSONAS = {
  keeper: 'warehouse@servicedesk.az',
  admin: 'admin@servicedesk.az',
  employee: 'employee@servicedesk.az',
  executor: 'executor@servicedesk.az',
} as const;
export type StockPersona = keyof typeof STOCK_PERSONAS;

export interface StockFixture {
  t: TestApp;
  token: Record<StockPersona, string>;
  id: Record<StockPersona, number>;
  groupId: number;
  laptopId: number;
  paperId: number;
  /** Kept by the keeper. */
  mainId: number;
  /** Kept by the keeper too. */
  branchId: number;
  /** Kept by nobody (only admins post there). */
  otherId: number;
  vendorId: number;
  post(body: PostStockOperationInput, as?: StockPersona): Promise<{ status: number; json: Record<string, unknown> }>;
  posted(body: PostStockOperationInput, as?: StockPersona): Promise<StockOperation>;
  level(materialId: number, warehouseId: number): Promise<{ quantity: number; value: number; averageCost: number }>;
}

let unique = 0;

/** A fresh fixture on `t` (names are unique per call, so several fixtures share one app). */
export async function stockFixture(t: TestApp): Promise<StockFixture> {
  const n = ++unique;
  const token = {} as Record<StockPersona, string>;
  const id = {} as Record<StockPersona, number>;
  for (const [persona, email] of Object.entries(STOCK_PERSONAS) as [StockPersona, string][]) {
    token[persona] = await t.login(email);
    const [row] = await t.app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    id[persona] = row!.id;
  }
  const db = t.app.deps.db;
  const call = async (method: 'POST' | 'PUT', url: string, payload: unknown, as: StockPersona = 'keeper') => {
    const res = await t.as(token[as], { method, url, payload: payload as Record<string, unknown> });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number };
  };
  const groupId = (await call('POST', '/api/stock/materialGroups', { names: { az: `Kompüterlər ${n}`, en: `Computers ${n}` } })).id;
  const laptopId = (
    await call('POST', '/api/stock/materials', { code: `LAP-${n}`, name: `Noutbuk Dell Latitude ${n}`, groupId, unitCode: 'pcs', tracksInventories: true, minLevel: 2 })
  ).id;
  const paperId = (await call('POST', '/api/stock/materials', { code: `PAP-${n}`, name: `A4 kağız ${n}`, groupId, unitCode: 'box' })).id;
  const mainId = (await call('POST', '/api/stock/warehouses', { name: `Mərkəzi anbar ${n}`, keeperId: id.keeper }, 'admin')).id;
  const branchId = (await call('POST', '/api/stock/warehouses', { name: `Filial anbarı ${n}`, keeperId: id.keeper }, 'admin')).id;
  const otherId = (await call('POST', '/api/stock/warehouses', { name: `Gəncə anbarı ${n}` }, 'admin')).id;
  const [vendor] = await db
    .insert(modalElements)
    .values({ kind: 'vendor', name: `Kompüter Dünyası ${n}`, nameKey: `komputer dunyasi ${n}` })
    .returning({ id: modalElements.id });

  const post = async (body: PostStockOperationInput, as: StockPersona = 'keeper') => {
    const res = await t.as(token[as], { method: 'POST', url: '/api/stock/operations', payload: body as Record<string, unknown> });
    return { status: res.statusCode, json: res.json() as Record<string, unknown> };
  };
  return {
    t,
    token,
    id,
    groupId,
    laptopId,
    paperId,
    mainId,
    branchId,
    otherId,
    vendorId: vendor!.id,
    post,
    async posted(body, as) {
      const res = await post(body, as);
      if (res.status !== 200) throw new Error(`post: ${res.status} ${JSON.stringify(res.json)}`);
      return stockOperation.parse(res.json);
    },
    async level(materialId, warehouseId) {
      const res = await t.as(token.keeper, { method: 'POST', url: '/api/stock/levels/grid', payload: { materialId, warehouseId, includeZero: true } });
      if (res.statusCode !== 200) throw new Error(`levels: ${res.statusCode} ${res.body}`);
      const row = (res.json() as { rows: { quantity: number; value: number; averageCost: number }[] }).rows[0];
      return row ?? { quantity: 0, value: 0, averageCost: 0 };
    },
  };
}
