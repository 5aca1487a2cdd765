import { eq } from 'drizzle-orm';
import * as access from '../../lib/access';
import { defineVisibility } from '../../lib/records/visibility';
import { inventories, warehouses } from '../../db/schema';
import type { AppDeps, AuthUser } from '../../types';
import { INVENTORY_RECORD_KIND } from './stock.kind';

/**
 * Who sees an inventory (contracts RECORD_KINDS `inventory`): its holder, and everyone holding
 * `inventory.inventories` (warehouse keepers, IT executors, admins). The same rule serves the
 * detail, the lists and record presence.
 */
export const inventoryVisibility = defineVisibility({
  kind: INVENTORY_RECORD_KIND,
  table: inventories,
  people: { holderId: 'holder' },
  groups: {},
});

/** The action whose holders post operations in every warehouse, not only in those they keep. */
export const ANY_WAREHOUSE_KEY = 'inventory.warehouses.anyWarehouse';

/**
 * The record rule of `inventory.warehouses.operation` (lib/access.ts): posting in a warehouse
 * (its source side for a transfer) is for its keeper (`warehouseKeeper`) and for holders of
 * {@link ANY_WAREHOUSE_KEY} (`anyWarehouse`, admins); others are refused `notWarehouseKeeper`
 * (params: warehouseId, keeperId). The record is `{ id: warehouseId }`; unknown: `recordNotFound`.
 */
export const warehouseOperationRule: access.RecordRule = async ({ deps, user, record }) => {
  const [row] = await deps.db.select({ id: warehouses.id, keeperId: warehouses.keeperId }).from(warehouses).where(eq(warehouses.id, record.id));
  if (!row) return { allowed: false, rule: 'recordNotFound', params: { warehouseId: record.id } };
  const params = { warehouseId: row.id, keeperId: row.keeperId };
  if (row.keeperId === user.id) return { allowed: true, rule: 'warehouseKeeper', params };
  if (await access.hasAction(deps, user, ANY_WAREHOUSE_KEY)) return { allowed: true, rule: 'anyWarehouse', params };
  return { allowed: false, rule: 'notWarehouseKeeper', params };
};

/**
 * The record rule of `inventory.inventories*` for one inventory (`{ id }`): seeing it — the kind's
 * visibility (holder, or `viewAll` through inventory.inventories).
 */
export const inventoryRecordRule: access.RecordRule = async ({ deps, user, actionKey, record }) => {
  const [row] = await deps.db.select().from(inventories).where(eq(inventories.id, record.id));
  if (!row) return { allowed: false, rule: 'recordNotFound', params: { inventoryId: record.id } };
  const seen = await inventoryVisibility.check(deps, user, row, actionKey === 'inventory.inventories' ? undefined : actionKey);
  return seen ? { allowed: true, rule: seen.rule, params: { inventoryId: row.id } } : { allowed: false, rule: 'notRecordParticipant', params: { inventoryId: row.id } };
};

/** Whether `user` may post operations in warehouse `warehouseId` (keeper or any-warehouse). */
export async function mayPostIn(deps: AppDeps, user: AuthUser, warehouseId: number): Promise<boolean> {
  return (await access.explain(deps, user, 'inventory.warehouses.operation', { id: warehouseId })).allowed;
}

/** Registers stock's record rules (idempotent). */
export function registerStockAccess(): void {
  access.registerRecordRule('inventory.warehouses.operation', warehouseOperationRule);
  access.registerRecordRule('inventory.inventories', inventoryRecordRule);
}
