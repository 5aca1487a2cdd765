import { z } from 'zod';
import { id, idParam } from './validation';
import { localizedNames } from './helpdesk';
import { recordHistoryEntry, recordPerson } from './records';
import { baseListQuery, listResponse } from './lists';
import { STOCK_QUANTITY_MAX, hasAtMost3Decimals, STOCK_MONEY_MAX, MATERIAL_CODE_PATTERN, STOCK_OPERATION_KINDS, INVENTORY_STATUSES, INVENTORY_ACTIONS, MATERIAL_IMPORT_MAX_ROWS } from './plain/stock';
export { STOCK_QUANTITY_MAX, STOCK_QUANTITY_DECIMALS, STOCK_MONEY_MAX, roundQuantity, UNIT_SPECODE_KEY, MATERIAL_GROUP_MAX_DEPTH, MATERIAL_CODE_PATTERN, STOCK_OPERATION_KINDS, STOCK_OPERATION_NUMBER_PATTERN, STOCK_REASON_MIN, INVENTORY_STATUSES, INVENTORY_ACTIONS, INVENTORY_NUMBER_PATTERN, INVENTORY_TRANSITIONS, MATERIAL_IMPORT_MAX_ROWS } from './plain/stock';

/** A positive quantity of one line: > 0, ≤ {@link STOCK_QUANTITY_MAX}, at most 3 decimals. */
export const stockQuantity = z
  .number()
  .positive()
  .max(STOCK_QUANTITY_MAX)
  .refine(hasAtMost3Decimals, { message: 'tooManyDecimals' });

/** A money amount in minor units (integer, ≥ 0). */
export const minorAmount = z.number().int().min(0).max(STOCK_MONEY_MAX);

/**
 * A material group: a node of the tree (`parentId` null = a root). `name` in the caller's
 * language (az fallback), `names` all of them; `path` the names from the root, joined by " / ".
 */
export const materialGroup = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  names: localizedNames,
  path: z.string(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  materialCount: z.number().int(),
});
export type MaterialGroup = z.infer<typeof materialGroup>;

/**
 * POST /api/stock/materialGroups (create), PUT /api/stock/materialGroups/{id} (update). A parent
 * must exist and must not be the group itself or below it (422 `groupCycle`); deeper than
 * {@link MATERIAL_GROUP_MAX_DEPTH} is 422 `groupTooDeep`.
 */
export const materialGroupInput = z.object({
  parentId: id.nullable().default(null),
  names: localizedNames,
  isActive: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(10_000).default(0),
});
export type MaterialGroupInput = z.input<typeof materialGroupInput>;

/** A named parameter of a material or an inventory (e.g. RAM = 16 GB). */
export const materialParameter = z.object({
  name: z.string().trim().min(1).max(100),
  value: z.string().trim().max(500),
});
export type MaterialParameter = z.infer<typeof materialParameter>;
export const materialCode = z.string().trim().regex(MATERIAL_CODE_PATTERN, { message: 'invalidCode' });

/**
 * A material: `unitCode` a code of the `unitOfMeasure` specodes (`unitName` its name in the
 * caller's language); `tracksInventories` = every unit received becomes an inventory (an asset
 * with its own number, e.g. laptops) — such quantities are whole numbers; `minLevel` the level
 * below which the keepers are told (null = no minimum); `stock` the quantity over all warehouses.
 */
export const material = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  groupId: z.number().int(),
  groupName: z.string(),
  groupPath: z.string(),
  unitCode: z.string(),
  unitName: z.string(),
  parameters: z.array(materialParameter),
  tracksInventories: z.boolean(),
  minLevel: z.number().nullable(),
  isActive: z.boolean(),
  stock: z.number(),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});
export type Material = z.infer<typeof material>;

/**
 * POST /api/stock/materials (create), PUT /api/stock/materials/{id} (update). 409
 * `materialCodeTaken`; 422 `unknownUnit` (not a unitOfMeasure code), 404 for a missing group.
 */
export const materialInput = z.object({
  code: materialCode,
  name: z.string().trim().min(1).max(200),
  groupId: id,
  unitCode: z.string().trim().min(1).max(20),
  parameters: z.array(materialParameter).max(50).default([]),
  tracksInventories: z.boolean().default(false),
  minLevel: z.number().min(0).max(STOCK_QUANTITY_MAX).nullable().default(null),
  isActive: z.boolean().default(true),
});
export type MaterialInput = z.input<typeof materialInput>;

/**
 * The materials list (SPEC §2 "materials (collapsed, and with elements)"): `mode` `collapsed` =
 * the rows grouped under their material group (the web collapses the groups), `elements` = every
 * material on its own row. `groupId` includes the group's whole subtree.
 */
export const materialSortField = z.enum(['code', 'name', 'group', 'stock', 'createdAt']);
export const materialListQuery = baseListQuery(materialSortField, 'code').extend({
  mode: z.enum(['collapsed', 'elements']).default('elements'),
  groupId: id.optional(),
  active: z.boolean().optional(),
  belowMinimum: z.boolean().optional(),
});
export type MaterialListQuery = z.input<typeof materialListQuery>;
export const materialListResponse = listResponse(material);
export type MaterialListResponse = z.infer<typeof materialListResponse>;

/** GET /api/stock/materials/search?search=: the select-search answer (SPEC §7: name and id). */
export const materialSearchQuery = z.object({ search: z.string().trim().max(100).optional() });
export const materialSearchResponse = z.array(
  z.object({ id: z.number().int(), name: z.string(), code: z.string(), unitCode: z.string(), tracksInventories: z.boolean() }),
);
export type MaterialSearchItem = z.infer<typeof materialSearchResponse>[number];

// ---------------------------------------------------------------------------------------------
// Warehouses
// ---------------------------------------------------------------------------------------------

/**
 * A warehouse: `locationId` the office or branch it is at; `keeper` the warehouse keeper who
 * answers for it (may post its operations); inactive ones keep their history but take no
 * operations.
 */
export const warehouse = z.object({
  id: z.number().int(),
  name: z.string(),
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  keeper: recordPerson.nullable(),
  isActive: z.boolean(),
  materialCount: z.number().int(),
  stockValue: z.number().int(),
  createdAt: z.string().datetime(),
});
export type Warehouse = z.infer<typeof warehouse>;

/** POST /api/stock/warehouses (create), PUT /api/stock/warehouses/{id}. 409 `warehouseNameTaken`. */
export const warehouseInput = z.object({
  name: z.string().trim().min(1).max(120),
  locationId: id.nullable().default(null),
  keeperId: id.nullable().default(null),
  isActive: z.boolean().default(true),
});
export type WarehouseInput = z.input<typeof warehouseInput>;

/** The warehouse list (SPEC §2 "warehouse list"). */
export const warehouseSortField = z.enum(['name', 'createdAt']);
export const warehouseListQuery = baseListQuery(warehouseSortField, 'name').extend({
  active: z.boolean().optional(),
});
export type WarehouseListQuery = z.input<typeof warehouseListQuery>;
export const warehouseListResponse = listResponse(warehouse);
export type WarehouseListResponse = z.infer<typeof warehouseListResponse>;

export const stockIdParams = z.object({ id: idParam });
export const stockOperationKind = z.enum(STOCK_OPERATION_KINDS);
export type StockOperationKind = z.infer<typeof stockOperationKind>;

/** Kinds a person posts directly (a reversal is asked for with POST operations/{id}/reverse). */
export const postableOperationKind = z.enum(['receipt', 'issue', 'transfer', 'writeOff', 'return']);
export type PostableOperationKind = z.infer<typeof postableOperationKind>;

/**
 * A line to post: `unitCost` (minor units per unit) is required on a receipt and ignored
 * elsewhere (issues, transfers and write-offs leave at the moving average cost); `inventoryIds`
 * the assets moving with the line (for materials that track inventories: exactly `quantity` of
 * them on an issue, transfer, write-off or return — the keeper chooses them, 422 `unitsRequired`
 * otherwise; a receipt creates them). `serials`: on a receipt the new units' serials; elsewhere
 * the chosen units as scanned (inventory number or serial), beside or instead of `inventoryIds`.
 */
export const stockOperationLineInput = z.object({
  materialId: id,
  quantity: stockQuantity,
  unitCost: minorAmount.optional(),
  inventoryIds: z.array(id).max(1000).default([]),
  serials: z.array(z.string().trim().min(1).max(100)).max(1000).default([]),
});
export type StockOperationLineInput = z.input<typeof stockOperationLineInput>;

/**
 * POST /api/stock/operations: post an operation (one transaction; the levels change at once).
 * Which fields each kind needs — `warehouseId` always (the source of an issue, transfer or
 * write-off, the target of a receipt or return); `toWarehouseId` for a transfer (≠ warehouseId);
 * `vendorId` (a vendor modal element) and `vendorInvoiceRef` for a receipt; `recipientUserId` or
 * `recipientLocationId` for an issue (and whom a return comes from); `reason` for a write-off
 * (≥ {@link STOCK_REASON_MIN} characters). `operationDate` defaults to now; an earlier date is a
 * back-dated operation (valuation recomputed from it on). Errors: 422 `insufficientStock`
 * (details: materialId, warehouseId, available, requested), 422 `reasonRequired`,
 * 422 `missingField` (details.field), 422 `inventoryMismatch`.
 */
export const postStockOperationInput = z.object({
  kind: postableOperationKind,
  operationDate: z.string().datetime({ offset: true }).optional(),
  warehouseId: id,
  toWarehouseId: id.nullable().default(null),
  vendorId: id.nullable().default(null),
  vendorInvoiceRef: z.string().trim().max(100).nullable().default(null),
  recipientUserId: id.nullable().default(null),
  recipientLocationId: id.nullable().default(null),
  reason: z.string().trim().max(2000).nullable().default(null),
  comment: z.string().trim().max(2000).nullable().default(null),
  lines: z.array(stockOperationLineInput).min(1).max(500),
});
export type PostStockOperationInput = z.input<typeof postStockOperationInput>;

/** POST /api/stock/operations/{id}/reverse: the reason (≥ {@link STOCK_REASON_MIN} characters). 422 `alreadyReversed`. */
export const reverseStockOperationInput = z.object({ reason: z.string().trim().max(2000) });

/** A unit (an inventory) as an operation names it: its number and serial. */
export const stockUnit = z.object({ id: z.number().int(), inventoryNumber: z.string(), serial: z.string().nullable() });
export type StockUnit = z.infer<typeof stockUnit>;

/** A posted line: `unitCost`/`amount` in minor units (outflows at the moving average of their moment); `units` the units that moved (in `inventoryIds` order). */
export const stockOperationLine = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  materialId: z.number().int(),
  materialCode: z.string(),
  materialName: z.string(),
  unitCode: z.string(),
  quantity: z.number(),
  unitCost: z.number().int(),
  amount: z.number().int(),
  inventoryIds: z.array(z.number().int()),
  units: z.array(stockUnit),
});
export type StockOperationLine = z.infer<typeof stockOperationLine>;

/** A posted operation (never edited; `reversedBy` set once a reversal undid it). */
export const stockOperation = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: stockOperationKind,
  operationDate: z.string().datetime(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  toWarehouseId: z.number().int().nullable(),
  toWarehouseName: z.string().nullable(),
  vendorId: z.number().int().nullable(),
  vendorName: z.string().nullable(),
  vendorInvoiceRef: z.string().nullable(),
  recipient: recordPerson.nullable(),
  recipientLocationId: z.number().int().nullable(),
  recipientLocationName: z.string().nullable(),
  reason: z.string().nullable(),
  comment: z.string().nullable(),
  reversesId: z.number().int().nullable(),
  reversesNumber: z.string().nullable(),
  reversedById: z.number().int().nullable(),
  reversedByNumber: z.string().nullable(),
  source: z.string().nullable(),
  postedBy: recordPerson.nullable(),
  postedAt: z.string().datetime(),
  totalAmount: z.number().int(),
  lines: z.array(stockOperationLine),
});
export type StockOperation = z.infer<typeof stockOperation>;

/** A row of the operations grid. */
export const stockOperationListRow = stockOperation.omit({ lines: true }).extend({ lineCount: z.number().int() });
export type StockOperationListRow = z.infer<typeof stockOperationListRow>;

export const stockOperationSortField = z.enum(['operationDate', 'number', 'postedAt']);
export const stockOperationListQuery = baseListQuery(stockOperationSortField, 'operationDate').extend({
  kind: stockOperationKind.optional(),
  warehouseId: id.optional(),
  materialId: id.optional(),
  from: z.string().datetime({ offset: true }).optional(),
  to: z.string().datetime({ offset: true }).optional(),
});
export type StockOperationListQuery = z.input<typeof stockOperationListQuery>;
export const stockOperationListResponse = listResponse(stockOperationListRow);
export type StockOperationListResponse = z.infer<typeof stockOperationListResponse>;

// ---------------------------------------------------------------------------------------------
// Levels and history
// ---------------------------------------------------------------------------------------------

/**
 * A stock level of one material in one warehouse: `quantity` (≥ 0, never below), `value` (minor
 * units) and `averageCost` (minor units per unit, the moving average: value / quantity, rounded).
 */
export const stockLevel = z.object({
  materialId: z.number().int(),
  materialCode: z.string(),
  materialName: z.string(),
  unitCode: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  quantity: z.number(),
  value: z.number().int(),
  averageCost: z.number().int(),
  minLevel: z.number().nullable(),
  belowMinimum: z.boolean(),
  updatedAt: z.string().datetime(),
});
export type StockLevel = z.infer<typeof stockLevel>;

export const stockLevelSortField = z.enum(['material', 'warehouse', 'quantity', 'value']);
export const stockLevelListQuery = baseListQuery(stockLevelSortField, 'material').extend({
  warehouseId: id.optional(),
  materialId: id.optional(),
  groupId: id.optional(),
  belowMinimum: z.boolean().optional(),
  includeZero: z.boolean().default(false),
});
export type StockLevelListQuery = z.input<typeof stockLevelListQuery>;
export const stockLevelListResponse = listResponse(stockLevel);
export type StockLevelListResponse = z.infer<typeof stockLevelListResponse>;

/**
 * One ledger movement of a material in a warehouse (its history page): signed `quantity` and
 * `value` (minor units), and the running `balanceQuantity` / `balanceValue` after it.
 */
export const stockMovement = z.object({
  id: z.number().int(),
  operationId: z.number().int(),
  operationNumber: z.string(),
  kind: stockOperationKind,
  operationDate: z.string().datetime(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  quantity: z.number(),
  value: z.number().int(),
  balanceQuantity: z.number(),
  balanceValue: z.number().int(),
});
export type StockMovement = z.infer<typeof stockMovement>;

export const stockMovementListQuery = z.object({
  materialId: id,
  warehouseId: id.optional(),
  skip: z.number().int().min(0).default(0),
  take: z.number().int().min(1).max(500).default(100),
});
export type StockMovementListQuery = z.input<typeof stockMovementListQuery>;
export const stockMovementListResponse = listResponse(stockMovement);
export const inventoryStatus = z.enum(INVENTORY_STATUSES);
export type InventoryStatus = z.infer<typeof inventoryStatus>;
export const inventoryAction = z.enum(INVENTORY_ACTIONS);
export type InventoryAction = z.infer<typeof inventoryAction>;

/**
 * An inventory (an asset): `warehouseId` where it lies (in stock; the last one while assigned or
 * in repair), `holder` the person holding it (assigned only).
 */
export const inventory = z.object({
  id: z.number().int(),
  inventoryNumber: z.string(),
  materialId: z.number().int(),
  materialCode: z.string(),
  materialName: z.string(),
  serial: z.string().nullable(),
  parameters: z.array(materialParameter),
  status: inventoryStatus,
  warehouseId: z.number().int().nullable(),
  warehouseName: z.string().nullable(),
  holder: recordPerson.nullable(),
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  unitCost: z.number().int(),
  createdAt: z.string().datetime(),
  updatedAt: z.string().datetime(),
});
export type Inventory = z.infer<typeof inventory>;

/** GET /api/stock/inventories/{id}: the inventory and its whole history (who held it when). */
export const inventoryDetail = z.object({
  inventory,
  history: z.array(recordHistoryEntry),
});
export type InventoryDetail = z.infer<typeof inventoryDetail>;

/** PUT /api/stock/inventories/{id}: the serial and parameters (status only through actions). */
export const inventoryUpdateInput = z.object({
  serial: z.string().trim().max(100).nullable(),
  parameters: z.array(materialParameter).max(50),
});

/**
 * POST /api/stock/inventories/{id}/action: `assign` needs `holderId`; `takeBack` and
 * `backFromRepair` need `warehouseId`; `writeOff` needs `reason`. 422 `invalidTransition`
 * when the status does not allow the action.
 */
export const inventoryActionInput = z.object({
  action: inventoryAction,
  holderId: id.nullable().default(null),
  warehouseId: id.nullable().default(null),
  reason: z.string().trim().max(2000).nullable().default(null),
});
export type InventoryActionInput = z.input<typeof inventoryActionInput>;

export const inventorySortField = z.enum(['inventoryNumber', 'material', 'status', 'updatedAt']);
export const inventoryListQuery = baseListQuery(inventorySortField, 'inventoryNumber').extend({
  status: inventoryStatus.optional(),
  warehouseId: id.optional(),
  materialId: id.optional(),
  holderId: id.optional(),
  mine: z.boolean().optional(),
});
export type InventoryListQuery = z.input<typeof inventoryListQuery>;
export const inventoryListResponse = listResponse(inventory);
export type InventoryListResponse = z.infer<typeof inventoryListResponse>;

/** POST /api/stock/inventories/labels: a PDF of labels for these inventories (1–500). */
export const inventoryLabelsInput = z.object({ ids: z.array(id).min(1).max(500) });

// ---------------------------------------------------------------------------------------------
// Reference lists for the forms
// ---------------------------------------------------------------------------------------------

/** GET /api/stock/reference: groups (tree, flat with parentId), warehouses, units. */
export const stockReference = z.object({
  groups: z.array(materialGroup),
  warehouses: z.array(z.object({ id: z.number().int(), name: z.string(), isActive: z.boolean(), keeperId: z.number().int().nullable() })),
  units: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type StockReference = z.infer<typeof stockReference>;

/** The history kind's names of what happens to an inventory (record_history `action`). */
export const inventoryHistoryAction = z.enum(['receive', 'transfer', 'issue', 'return', 'reversal', ...INVENTORY_ACTIONS]);
export type InventoryHistoryAction = z.infer<typeof inventoryHistoryAction>;

export const stockHistoryEntry = recordHistoryEntry;

/**
 * GET /api/stock/dashboard: `myInventories` = inventories I hold (everyone); `belowMinimum` =
 * levels under their material's minimum in the warehouses I keep (all for any-warehouse holders),
 * null when I keep none.
 */
export const stockDashboard = z.object({
  myInventories: z.number().int(),
  belowMinimum: z.number().int().nullable(),
});
export type StockDashboard = z.infer<typeof stockDashboard>;

/** Answer of create calls: the new record's id. */
export const stockCreated = z.object({ id: z.number().int() });

/**
 * POST /api/stock/snapshots: the closing balances at the end of `month` (YYYY-MM, UTC) per
 * material and warehouse, read from the monthly snapshots (never the ledger); rows with a zero
 * balance are left out.
 */
export const stockSnapshotQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  warehouseId: id.optional(),
  materialId: id.optional(),
});
export type StockSnapshotQuery = z.input<typeof stockSnapshotQuery>;
export const stockSnapshotRow = z.object({
  materialId: z.number().int(),
  materialCode: z.string(),
  materialName: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  quantity: z.number(),
  value: z.number().int(),
});
export const stockSnapshotResponse = z.object({ month: z.string(), rows: z.array(stockSnapshotRow) });
export type StockSnapshotResponse = z.infer<typeof stockSnapshotResponse>;

/**
 * One row of a materials import (CSV/XLSX columns code, name, group, unit, minLevel,
 * parameters): `group` is a group's path ("Kompüter texnikası / Noutbuklar") or name, `unit` a
 * unitOfMeasure code or its name in any language, `parameters` "name: value; name: value".
 */
export const materialImportRow = z.object({
  code: z.string().trim().max(100),
  name: z.string().trim().max(200),
  group: z.string().trim().max(500),
  unit: z.string().trim().max(100),
  minLevel: z.string().trim().max(30).optional(),
  parameters: z.string().trim().max(5000).optional(),
});
export type MaterialImportRow = z.input<typeof materialImportRow>;

/**
 * POST /api/stock/materials/import { rows, apply }: `apply` false = the preview (nothing is
 * written); true = writes every create and update in one transaction — refused (422
 * `importHasErrors`) while any row has an error. Rows are matched to materials by code
 * (case-insensitive).
 */
export const materialImportInput = z.object({
  rows: z.array(materialImportRow).min(1).max(MATERIAL_IMPORT_MAX_ROWS),
  apply: z.boolean().default(false),
});
export type MaterialImportInput = z.input<typeof materialImportInput>;

/**
 * What the import does with each row (line = 1-based row number): `create`, `update` (with the
 * fields that change), `unchanged`, or `error` (`invalidCode`, `nameRequired`, `unknownGroup`,
 * `unknownUnit`, `invalidMinLevel`, `duplicateCode`, `unitLocked`).
 */
export const materialImportResult = z.object({
  rows: z.array(
    z.object({
      line: z.number().int(),
      code: z.string(),
      name: z.string(),
      action: z.enum(['create', 'update', 'unchanged', 'error']),
      changes: z.array(z.string()),
      error: z.string().nullable(),
    }),
  ),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.number().int(),
  applied: z.boolean(),
});
export type MaterialImportResult = z.infer<typeof materialImportResult>;

// ---------------------------------------------------------------------------------------------
// Choosing units (issue #40)
// ---------------------------------------------------------------------------------------------

/**
 * POST /api/stock/units { materialId, warehouseId?, holderId?, search? }: the units an operation
 * may move — those in stock (or in repair, `includeRepair`, for a write-off) in `warehouseId`, or
 * those assigned to `holderId` (a return) — oldest first (received earliest), at most 200.
 */
export const availableUnitsQuery = z.object({
  materialId: id,
  warehouseId: id.nullable().default(null),
  holderId: id.nullable().default(null),
  includeRepair: z.boolean().default(false),
  search: z.string().trim().max(100).default(''),
});
export type AvailableUnitsQuery = z.input<typeof availableUnitsQuery>;

/** One unit to choose: number, serial, status, since when it is here (ISO, its receipt). */
export const availableUnit = stockUnit.extend({ status: inventoryStatus, receivedAt: z.string().datetime() });
export type AvailableUnit = z.infer<typeof availableUnit>;
export const availableUnitsResponse = z.object({ rows: z.array(availableUnit), total: z.number().int() });
export type AvailableUnitsResponse = z.infer<typeof availableUnitsResponse>;

// ---------------------------------------------------------------------------------------------
// Physical count (snipe#4644, #7365; issue #40 "counts as records")
// ---------------------------------------------------------------------------------------------

export const COUNT_STATUSES = ['open', 'posted', 'cancelled'] as const;
export const countStatus = z.enum(COUNT_STATUSES);
export type CountStatus = z.infer<typeof countStatus>;

/**
 * POST /api/stock/counts { warehouseId, materialGroupId? }: opens a count session. Its scope: the
 * warehouse, and when given a material group (with its subgroups) — only what is inside the scope
 * is expected, adjusted and posted.
 */
export const startCountInput = z.object({ warehouseId: id, materialGroupId: id.nullable().default(null) });

/** POST /api/stock/counts/grid: the count sessions, newest first (optionally of one warehouse or status). */
export const countListQuery = z.object({
  warehouseId: id.nullable().default(null),
  status: countStatus.nullable().default(null),
  skip: z.number().int().min(0).default(0),
  take: z.number().int().min(1).max(200).default(50),
});
export type CountListQuery = z.input<typeof countListQuery>;

/** A row of the count list: scope, status, who started it, how far it got. */
export const countListRow = z.object({
  id: z.number().int(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  materialGroupId: z.number().int().nullable(),
  materialGroupName: z.string().nullable(),
  status: countStatus,
  createdAt: z.string().datetime(),
  createdBy: recordPerson.nullable(),
  postedAt: z.string().datetime().nullable(),
  scanCount: z.number().int(),
  lineCount: z.number().int(),
});
export type CountListRow = z.infer<typeof countListRow>;
export const countListResponse = z.object({ rows: z.array(countListRow), total: z.number().int() });
export type CountListResponse = z.infer<typeof countListResponse>;

/** POST /api/stock/counts/{id}/scan { inventoryNumber }: a scanned or typed number (trimmed, case-insensitive; a serial finds its unit too). */
export const countScanInput = z.object({ inventoryNumber: z.string().trim().min(1).max(100) });

/**
 * PUT /api/stock/counts/{id}/lines { materialId, countedQuantity }: the counted quantity of a
 * material not kept as inventories (null takes the line away). 422 `countNotQuantity` (a tracked
 * material: scan its units), `countOutOfScope`, `countClosed`.
 */
export const countLineInput = z.object({ materialId: id, countedQuantity: stockQuantity.or(z.literal(0)).nullable() });

/** The figures of a count's plan, as the confirmation names them (sent back when posting). */
export const countPlanFigures = z.object({ writeOffs: z.number().int(), transfers: z.number().int(), adjustments: z.number().int() });
export type CountPlanFigures = z.infer<typeof countPlanFigures>;

/**
 * POST /api/stock/counts/{id}/post { reason, expected }: posts the plan (reason of the write-offs,
 * ≥ 10 characters, when the plan writes anything off). `expected`: the figures the keeper
 * confirmed; 409 `countPlanChanged` (details: the current figures) when the plan moved meanwhile
 * (someone scanned). Posted once: a second post is 422 `countClosed`.
 */
export const countPostInput = z.object({ reason: z.string().trim().max(2000), expected: countPlanFigures.nullable().default(null) });

const countItem = z.object({
  id: z.number().int(),
  inventoryNumber: z.string(),
  serial: z.string().nullable(),
  materialId: z.number().int(),
  materialName: z.string(),
  status: inventoryStatus,
  warehouseId: z.number().int().nullable(),
  warehouseName: z.string().nullable(),
  /** Its book value (minor units: its cost). */
  value: z.number().int(),
});
export type CountItem = z.infer<typeof countItem>;

/** A quantity line: the book (the level now) against the counted quantity; `value` of the difference at the moving average (minor units, signed). */
export const countLine = z.object({
  materialId: z.number().int(),
  materialCode: z.string(),
  materialName: z.string(),
  unitCode: z.string(),
  bookQuantity: z.number(),
  countedQuantity: z.number(),
  difference: z.number(),
  value: z.number().int(),
  countedBy: recordPerson.nullable(),
  countedAt: z.string().datetime(),
});
export type CountLine = z.infer<typeof countLine>;

/**
 * A count session and where it stands. Scope: `warehouseId` and optionally `materialGroupId`.
 * `found` (booked here in scope and scanned), `missing` (booked here in scope, in stock, not
 * scanned), `misplaced` (scanned here, in scope, booked elsewhere or to a person), `outOfScope`
 * (scanned, of a material outside the scope: never posted), `unknown` (numbers no unit has),
 * `lines` (quantity materials counted), `scans` (the latest first, with who scanned).
 */
export const countSession = z.object({
  id: z.number().int(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  materialGroupId: z.number().int().nullable(),
  materialGroupName: z.string().nullable(),
  status: countStatus,
  createdAt: z.string().datetime(),
  createdBy: recordPerson.nullable(),
  postedAt: z.string().datetime().nullable(),
  postedBy: recordPerson.nullable(),
  cancelledAt: z.string().datetime().nullable(),
  operationIds: z.array(z.number().int()),
  /** What posting did (the plan's figures when it was posted); null until posted. */
  postedPlan: countPlanFigures.nullable(),
  found: z.array(countItem),
  missing: z.array(countItem),
  misplaced: z.array(countItem),
  outOfScope: z.array(countItem),
  unknown: z.array(z.string()),
  lines: z.array(countLine),
  scans: z.array(z.object({ inventoryNumber: z.string(), scannedBy: recordPerson.nullable(), scannedAt: z.string().datetime() })),
});
export type CountSession = z.infer<typeof countSession>;

/**
 * GET /api/stock/counts/{id}/plan: what posting would write now — `writeOffs` (missing units, and
 * quantities counted short), `transfers` (misplaced units in stock in another warehouse, brought
 * here), `adjustments` (quantity lines whose count differs from the book: short ones leave by a
 * write-off, surplus ones come in at the moving average) — each with its items and value (minor
 * units), and the operations it would post. Misplaced units held by people are reported only.
 */
export const countPlan = z.object({
  figures: countPlanFigures,
  writeOffs: z.object({ items: z.array(countItem), value: z.number().int() }),
  transfers: z.object({ items: z.array(countItem), value: z.number().int() }),
  adjustments: z.object({ items: z.array(countLine), value: z.number().int() }),
  /** Whether posting needs a reason (it writes something off). */
  reasonRequired: z.boolean(),
  /** Misplaced units assigned to people (not moved by posting). */
  reportedOnly: z.array(countItem),
});
export type CountPlan = z.infer<typeof countPlan>;
