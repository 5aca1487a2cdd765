/**
 * My equipment and the asset facts (issue #40): what is assigned to an employee, receipt
 * confirmation, return requests, fault reports (a help-desk request linked to the asset through
 * the help desk's service API), the facts of an asset and the warranty notice job.
 */
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  WARRANTY_NOTICE_DAYS,
  type AssetFacts,
  type AssetHelpdeskLink,
  type LanguageCode,
  type MyEquipmentItem,
  type assetFactsInput,
  type assetFaultInput,
} from '@servicedesk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { inventories, inventoryFacts, inventoryHelpdeskLinks } from '../../db/schema';
import * as access from '../../lib/access';
import { domainRule, notFound } from '../../lib/errors';
import { scheduleJob } from '../../lib/jobs';
import { executedRows } from '../../lib/lists/list-page';
import type { WarnLogger } from '../../lib/log';
import { appendHistory } from '../../lib/records/history';
import type { AppDeps, AuthUser } from '../../types';
import { notify } from '../notifications/notifications.service';
import {
  FAULT_COMPONENT_CODE,
  componentIdByCode,
  openRequest,
  requestSummaries,
} from '../helpdesk/helpdesk.links';
import { getInventory } from '../stock/stock.service';
import { announceInventoryChange } from '../stock/stock.purchase';

const INVENTORY_KIND = 'inventory';
const assetUrl = (id: number) => `/home/inventory/inventories/${id}`;
const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(v as string).toISOString();

/** The caller's assets with the instant of the issue that gave each to them and its request. */
async function heldBy(db: Db, userId: number, inventoryId?: number) {
  const rows = await db.execute(sql`
    select i.id, i.inventory_number as "inventoryNumber", m.name as "materialName", i.serial, i.status,
      i.warehouse_id as "warehouseId",
      h.created_at as since, o.id as "operationId",
      r.id as "requestId", r.number as "requestNumber",
      f.confirmed_by_id as "confirmedById", f.confirmed_at as "confirmedAt",
      f.return_requested_by_id as "returnById", f.return_requested_at as "returnAt"
    from inventories i
    join materials m on m.id = i.material_id
    left join lateral (
      select x.created_at, x.details from record_history x
      where x.record_kind = ${INVENTORY_KIND} and x.record_id = i.id and x.action = 'issue'
      order by x.created_at desc, x.id desc limit 1) h on true
    left join stock_operations o on o.id = (h.details->>'operationId')::int
    left join equipment_requests r on o.source = 'inventoryRequest:' || r.id
    left join inventory_facts f on f.inventory_id = i.id
    where i.holder_id = ${userId} and i.status <> 'writtenOff'
      ${inventoryId !== undefined ? sql`and i.id = ${inventoryId}` : sql``}
    order by h.created_at desc nulls last, i.id desc
    limit 500`);
  return executedRows<{
    id: number;
    inventoryNumber: string;
    materialName: string;
    serial: string | null;
    status: MyEquipmentItem['status'];
    warehouseId: number | null;
    since: string | null;
    operationId: number | null;
    requestId: number | null;
    requestNumber: string | null;
    confirmedById: number | null;
    confirmedAt: string | null;
    returnById: number | null;
    returnAt: string | null;
  }>(rows).map((r) => {
    const since = iso(r.since);
    /** A mark counts while it is this holder's and not older than the issue that gave it to them. */
    const current = (by: number | null, at: string | null) =>
      by === userId && at !== null && (since === null || new Date(at).getTime() >= new Date(since).getTime())
        ? iso(at)
        : null;
    const item: MyEquipmentItem = {
      id: r.id,
      inventoryNumber: r.inventoryNumber,
      materialName: r.materialName,
      serial: r.serial,
      status: r.status,
      since,
      request: r.requestId !== null ? { id: r.requestId, number: r.requestNumber! } : null,
      issueOperationId: r.operationId === null ? null : Number(r.operationId),
      confirmedAt: current(r.confirmedById, r.confirmedAt),
      returnRequestedAt: current(r.returnById, r.returnAt),
    };
    return { item, warehouseId: r.warehouseId };
  });
}

/**
 * GET /api/assets/mine → what is assigned to the caller (any signed-in user; only their own —
 * there is no parameter to ask for someone else's): number, material name, serial, since when,
 * the equipment request it was issued for, whether they confirmed its receipt or asked to return it.
 */
export async function myEquipment(deps: AppDeps, user: AuthUser): Promise<MyEquipmentItem[]> {
  return (await heldBy(deps.db, user.id)).map((r) => r.item);
}

/** The caller's assigned asset `id` — 404 when they do not hold it (no one else's is confirmed or reported). */
async function ownAsset(deps: AppDeps, user: AuthUser, id: number) {
  const [row] = await heldBy(deps.db, user.id, id);
  if (!row || row.item.status !== 'assigned') throw notFound('You hold no such asset.');
  return row;
}

async function upsertFacts(db: Db, inventoryId: number, set: Partial<typeof inventoryFacts.$inferInsert>) {
  await db
    .insert(inventoryFacts)
    .values({ inventoryId, ...set })
    .onConflictDoUpdate({ target: inventoryFacts.inventoryId, set });
}

/** Keepers of the asset's warehouse: its keeper, else whoever may post in every warehouse. */
async function keepersOf(db: Db, warehouseId: number | null): Promise<number[]> {
  const rows = await db.execute(sql`
    select w.keeper_id as id from warehouses w where w.id = ${warehouseId} and w.keeper_id is not null
    union
    select u.id from users u join user_type_permissions p on p.user_type_id = u.user_type_id
    where p.action_key = 'inventory.warehouses.anyWarehouse' and u.is_active
      and not exists (select 1 from warehouses w where w.id = ${warehouseId} and w.keeper_id is not null)`);
  return executedRows<{ id: number }>(rows).map((r) => r.id);
}

/**
 * POST /api/assets/{id}/confirmReceipt → MyEquipmentItem: the holder confirms they received it —
 * a history row `confirmReceipt` on the asset (their name, the instant) and the mark on My
 * equipment. 404 when the caller does not hold it; 422 `alreadyConfirmed` since this issue.
 */
export async function confirmReceipt(deps: AppDeps, user: AuthUser, id: number, now = new Date()): Promise<MyEquipmentItem> {
  const own = await ownAsset(deps, user, id);
  if (own.item.confirmedAt !== null)
    throw domainRule('alreadyConfirmed', 'You already confirmed receiving this asset.', { confirmedAt: own.item.confirmedAt });
  await deps.db.transaction(async (tx) => {
    await upsertFacts(tx as unknown as Db, id, { confirmedById: user.id, confirmedAt: now, updatedAt: now });
    await appendHistory(tx as unknown as Db, [
      { recordKind: INVENTORY_KIND, recordId: id, action: 'confirmReceipt', actorId: user.id, createdAt: now, details: { holderId: user.id } },
    ]);
  });
  await announceInventoryChange(deps, [id]);
  return (await ownAsset(deps, user, id)).item;
}

/**
 * POST /api/assets/{id}/returnRequest { comment? } → MyEquipmentItem: the holder asks to give it
 * back — a history row `returnRequested` (with the comment) and a notice to the keeper of its
 * warehouse (`notifications.equipment.returnRequested`); the keeper takes it back on the asset's
 * page. 404 when the caller does not hold it; 422 `returnAlreadyRequested`.
 */
export async function requestReturn(deps: AppDeps, user: AuthUser, id: number, comment: string | undefined, log?: WarnLogger, now = new Date()): Promise<MyEquipmentItem> {
  const own = await ownAsset(deps, user, id);
  if (own.item.returnRequestedAt !== null)
    throw domainRule('returnAlreadyRequested', 'You already asked to return this asset.', { at: own.item.returnRequestedAt });
  await deps.db.transaction(async (tx) => {
    await upsertFacts(tx as unknown as Db, id, { returnRequestedById: user.id, returnRequestedAt: now, updatedAt: now });
    await appendHistory(tx as unknown as Db, [
      { recordKind: INVENTORY_KIND, recordId: id, action: 'returnRequested', actorId: user.id, comment: comment || null, createdAt: now, details: { holderId: user.id } },
    ]);
  });
  await notify(deps, await keepersOf(deps.db, own.warehouseId), 'notifications.equipment.returnRequested', { number: own.item.inventoryNumber, name: own.item.materialName }, assetUrl(id), user.id, log);
  await announceInventoryChange(deps, [id]);
  return (await ownAsset(deps, user, id)).item;
}

/**
 * POST /api/assets/{id}/fault { description, componentId? } → { id, number } of the help-desk
 * request it opened: the holder reports a fault — a help-desk request (title "<number> —
 * <material>", the description, the component given or the hardware one) through the help desk's
 * service API, linked to the asset, and a history row `faultReported` on the asset. 404 when the
 * caller does not hold it; 422 `unknownComponent`.
 */
export async function reportFault(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  input: z.output<typeof assetFaultInput>,
  lang: LanguageCode,
  log?: WarnLogger,
): Promise<{ id: number; number: string }> {
  const own = await ownAsset(deps, user, id);
  const componentId = input.componentId ?? (await componentIdByCode(deps.db, FAULT_COMPONENT_CODE));
  if (componentId === null) throw domainRule('unknownComponent', 'Choose the help-desk component of the fault.');
  const title = `${own.item.inventoryNumber} — ${own.item.materialName}`.slice(0, 200);
  const opened = await openRequest(deps, user, { title, description: input.description, componentId }, lang, log);
  await deps.db.transaction(async (tx) => {
    await tx.insert(inventoryHelpdeskLinks).values({ inventoryId: id, helpdeskRequestId: opened.id, createdById: user.id });
    await appendHistory(tx as unknown as Db, [
      { recordKind: INVENTORY_KIND, recordId: id, action: 'faultReported', actorId: user.id, comment: input.description, details: { helpdeskRequestId: opened.id, operationNumber: opened.number } },
    ]);
  });
  await announceInventoryChange(deps, [id]);
  return opened;
}

/**
 * GET /api/assets/{id}/helpdesk → the help-desk requests linked to the asset, newest first (whoever
 * may see the asset: its holder or `inventory.inventories`; 404 otherwise) — of them, those the
 * caller may open in the help desk (issue #42: a keeper or the asset's next holder does not read
 * the title and status of someone else's fault report).
 */
export async function assetHelpdesk(deps: AppDeps, user: AuthUser, id: number): Promise<AssetHelpdeskLink[]> {
  await getInventory(deps, user, id);
  const links = await deps.db
    .select({ id: inventoryHelpdeskLinks.helpdeskRequestId })
    .from(inventoryHelpdeskLinks)
    .where(eq(inventoryHelpdeskLinks.inventoryId, id));
  return requestSummaries(deps, user, links.map((l) => l.id));
}

/** The asset's facts with its receipt's date, unit cost and vendor where none was written. */
async function factsOf(db: Db, id: number): Promise<AssetFacts> {
  const rows = await db.execute(sql`
    select f.*, to_char(o.operation_date at time zone 'UTC', 'YYYY-MM-DD') as "receiptDate",
      i.unit_cost as "unitCost", i.receipt_operation_id as "receiptId", v.name as "vendorName"
    from inventories i
    left join inventory_facts f on f.inventory_id = i.id
    left join stock_operations o on o.id = i.receipt_operation_id
    left join modal_elements v on v.id = o.vendor_id
    where i.id = ${id}`);
  const r = executedRows<Record<string, unknown>>(rows)[0];
  if (!r) throw notFound('Inventory not found');
  const fromReceipt: AssetFacts['fromReceipt'] = [];
  const pick = <T>(own: unknown, receipt: T | null, field: AssetFacts['fromReceipt'][number]): T | null => {
    if (own !== null && own !== undefined) return own as T;
    if (r.receiptId !== null && receipt !== null && receipt !== undefined) {
      fromReceipt.push(field);
      return receipt;
    }
    return null;
  };
  const purchaseDate = pick<string>(r.purchase_date, (r.receiptDate as string | null) ?? null, 'purchaseDate');
  const purchasePrice = pick<number>(r.purchase_price !== null && r.purchase_price !== undefined ? Number(r.purchase_price) : null, r.unitCost !== null ? Number(r.unitCost) : null, 'purchasePrice');
  const supplier = pick<string>(r.supplier, (r.vendorName as string | null) ?? null, 'supplier');
  return {
    inventoryId: id,
    model: (r.model as string | null) ?? null,
    manufacturer: (r.manufacturer as string | null) ?? null,
    purchaseDate,
    purchasePrice,
    purchaseCurrency: (r.purchase_currency as string | null) ?? 'AZN',
    warrantyEnd: r.warranty_end ? String(r.warranty_end).slice(0, 10) : null,
    supplier,
    fromReceipt,
    warrantyNotifiedAt: iso(r.warranty_notified_at),
  };
}

/** GET /api/assets/{id}/facts → AssetFacts (whoever may see the asset: its holder or `inventory.inventories`; 404 otherwise). */
export async function getFacts(deps: AppDeps, user: AuthUser, id: number): Promise<AssetFacts> {
  await getInventory(deps, user, id);
  return factsOf(deps.db, id);
}

/**
 * PUT /api/assets/{id}/facts AssetFactsInput → AssetFacts: writes the facts (`inventory.inventories.update`,
 * the route's key); a history row `factsUpdated` naming the fields that changed. A new warranty end
 * is noticed again (the mark of an earlier notice is cleared). 404 unknown asset.
 */
export async function saveFacts(deps: AppDeps, user: AuthUser, id: number, input: z.output<typeof assetFactsInput>, now = new Date()): Promise<AssetFacts> {
  await access.require(deps, user, 'inventory.inventories.update');
  const [exists] = await deps.db.select({ id: inventories.id }).from(inventories).where(eq(inventories.id, id));
  if (!exists) throw notFound('Inventory not found');
  const [before] = await deps.db.select().from(inventoryFacts).where(eq(inventoryFacts.inventoryId, id));
  const fields = ['model', 'manufacturer', 'purchaseDate', 'purchasePrice', 'purchaseCurrency', 'warrantyEnd', 'supplier'] as const;
  const changed = fields.filter((f) => (before?.[f] ?? null) !== (input[f] ?? null));
  await deps.db.transaction(async (tx) => {
    await upsertFacts(tx as unknown as Db, id, {
      ...Object.fromEntries(fields.map((f) => [f, input[f]])),
      ...(changed.includes('warrantyEnd') ? { warrantyNotifiedAt: null } : {}),
      updatedAt: now,
    });
    if (changed.length > 0)
      await appendHistory(tx as unknown as Db, [{ recordKind: INVENTORY_KIND, recordId: id, action: 'factsUpdated', actorId: user.id, createdAt: now, details: { changed } }]);
  });
  await announceInventoryChange(deps, [id]);
  return factsOf(deps.db, id);
}

/**
 * The warranty notice (daily): every asset not written off whose warranty ends within
 * {@link WARRANTY_NOTICE_DAYS} days of `now` (today included, the organisation's calendar date
 * from `today`) and was not noticed yet is claimed (`warranty_notified_at` set in one UPDATE … WHERE
 * it is still null: once per asset, also with several instances) and its warehouse's keeper told
 * (`notifications.equipment.warrantyEnding`: number, name, date). Answers how many were noticed.
 */
export async function noticeWarranties(deps: AppDeps, now = new Date(), log?: WarnLogger): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const rows = await deps.db.execute(sql`
    update inventory_facts f set warranty_notified_at = ${now}
    from inventories i join materials m on m.id = i.material_id
    where i.id = f.inventory_id and f.warranty_notified_at is null and i.status <> 'writtenOff'
      and f.warranty_end >= ${today}::date and f.warranty_end <= ${today}::date + ${WARRANTY_NOTICE_DAYS}::int
    returning f.inventory_id as id, i.inventory_number as number, m.name, i.warehouse_id as "warehouseId",
      to_char(f.warranty_end, 'YYYY-MM-DD') as "warrantyEnd"`);
  const claimed = executedRows<{ id: number; number: string; name: string; warehouseId: number | null; warrantyEnd: string }>(rows);
  for (const a of claimed) {
    await notify(deps, await keepersOf(deps.db, a.warehouseId), 'notifications.equipment.warrantyEnding', { number: a.number, name: a.name, date: a.warrantyEnd }, assetUrl(a.id), null, log);
  }
  return claimed.length;
}

/** Schedules {@link noticeWarranties} once a day while the app runs. */
export function scheduleWarrantyNotices(app: FastifyInstance): void {
  scheduleJob(app, 'warrantyNotices', () => noticeWarranties(app.deps, new Date(), app.log), 24 * 3_600_000);
}
