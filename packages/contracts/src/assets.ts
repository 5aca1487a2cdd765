import { z } from 'zod';
import { calendarDate, id, idParam, safeText } from './validation';
import { recordPerson } from './records';
import { inventoryStatus } from './stock';
import { moneyMinor } from './equipment';

/*
 * Issue #40: every employee's own equipment (/api/assets/mine), receipt confirmation, return and
 * fault reports, the asset facts (model, purchase, warranty, supplier), the reorder list and the
 * purchase queue of equipment request lines (/api/equipment/purchases).
 */

// ---------------------------------------------------------------------------------------------
// My equipment
// ---------------------------------------------------------------------------------------------

/**
 * One asset assigned to me: its number, material name, serial; `since` when I hold it (the
 * instant of the issue that gave it to me); `request` the equipment request it was issued for
 * (null when issued otherwise); `confirmedAt` when I confirmed its receipt (null: not yet);
 * `returnRequestedAt` when I asked to give it back (null: not asked since I hold it).
 */
export const myEquipmentItem = z.object({
  id: z.number().int(),
  inventoryNumber: z.string(),
  materialName: z.string(),
  serial: z.string().nullable(),
  status: inventoryStatus,
  since: z.string().datetime().nullable(),
  request: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  /** The issue operation that gave it to me: its hand-over certificate is GET /api/stock/operations/{id}/handover. */
  issueOperationId: z.number().int().nullable(),
  confirmedAt: z.string().datetime().nullable(),
  returnRequestedAt: z.string().datetime().nullable(),
});
export type MyEquipmentItem = z.infer<typeof myEquipmentItem>;

/** GET /api/assets/mine: what is assigned to the caller, newest first (at most 500). */
export const myEquipmentResponse = z.object({ items: z.array(myEquipmentItem) });
export type MyEquipmentResponse = z.infer<typeof myEquipmentResponse>;

/** POST /api/assets/{id}/returnRequest { comment? }: the holder asks the keeper to take it back. */
export const assetReturnInput = z.object({ comment: safeText().trim().max(1000).optional() });
export type AssetReturnInput = z.input<typeof assetReturnInput>;

/**
 * POST /api/assets/{id}/fault { description, componentId? }: the holder reports a fault: a
 * help-desk request (title "Fault: <number> <name>") linked to the asset. `componentId` the
 * help-desk component; default the hardware "Computer and monitor" one.
 */
export const assetFaultInput = z.object({
  description: safeText().trim().min(10).max(4000),
  componentId: id.optional(),
});
export type AssetFaultInput = z.input<typeof assetFaultInput>;
/** The answer of a fault report: the help-desk request it opened. */
export const assetFaultAnswer = z.object({ id: z.number().int(), number: z.string() });

/** A help-desk request linked to an asset (GET /api/assets/{id}/helpdesk). */
export const assetHelpdeskLink = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  status: z.string(),
  createdAt: z.string().datetime(),
});
export type AssetHelpdeskLink = z.infer<typeof assetHelpdeskLink>;
export const assetHelpdeskResponse = z.object({ items: z.array(assetHelpdeskLink) });

// ---------------------------------------------------------------------------------------------
// Asset facts
// ---------------------------------------------------------------------------------------------

/**
 * What an asset is and how it was bought: model, manufacturer, purchase date (YYYY-MM-DD),
 * purchase price (minor units) with its currency, warranty end (YYYY-MM-DD), supplier. Purchase
 * date, price and supplier default to its stock receipt's (`fromReceipt` says which came from it).
 */
export const assetFacts = z.object({
  inventoryId: z.number().int(),
  model: z.string().nullable(),
  manufacturer: z.string().nullable(),
  purchaseDate: z.string().nullable(),
  purchasePrice: z.number().int().nullable(),
  purchaseCurrency: z.string(),
  warrantyEnd: z.string().nullable(),
  supplier: z.string().nullable(),
  fromReceipt: z.array(z.enum(['purchaseDate', 'purchasePrice', 'supplier'])),
  /** When the keeper was told the warranty ends within 30 days (once per asset). */
  warrantyNotifiedAt: z.string().datetime().nullable(),
});
export type AssetFacts = z.infer<typeof assetFacts>;

const optionalText = safeText().trim().max(200).nullable().default(null);

/** PUT /api/assets/{id}/facts: the facts (null clears one, so the receipt's shows again). */
export const assetFactsInput = z.object({
  model: optionalText,
  manufacturer: optionalText,
  purchaseDate: calendarDate.nullable().default(null),
  purchasePrice: moneyMinor.nullable().default(null),
  purchaseCurrency: z.string().regex(/^[A-Z]{3}$/).default('AZN'),
  warrantyEnd: calendarDate.nullable().default(null),
  supplier: optionalText,
});
export type AssetFactsInput = z.input<typeof assetFactsInput>;

/** Days before its warranty ends that an asset's keeper is told (the daily job, once per asset). */
export const WARRANTY_NOTICE_DAYS = 30;

// ---------------------------------------------------------------------------------------------
// Reorder list
// ---------------------------------------------------------------------------------------------

/**
 * A material below its minimum (all warehouses together): `suggested` = what brings it to twice
 * its minimum, less what is already marked for purchase (whole units, ≥ 1).
 */
export const reorderItem = z.object({
  materialId: z.number().int(),
  code: z.string(),
  name: z.string(),
  unitCode: z.string(),
  minLevel: z.number(),
  stock: z.number(),
  onOrder: z.number(),
  suggested: z.number(),
});
export type ReorderItem = z.infer<typeof reorderItem>;
export const reorderResponse = z.object({ items: z.array(reorderItem) });
export type ReorderResponse = z.infer<typeof reorderResponse>;

// ---------------------------------------------------------------------------------------------
// Purchase queue (equipment request lines marked for purchase)
// ---------------------------------------------------------------------------------------------

/** A line in the purchase queue: its request, requester, what and how many, and whether it arrived. */
export const purchaseQueueItem = z.object({
  lineId: z.number().int(),
  requestId: z.number().int(),
  requestNumber: z.string(),
  requester: recordPerson,
  position: z.number().int(),
  description: z.string(),
  material: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
  quantity: z.number().int(),
  unit: z.string(),
  unitPrice: z.number().int(),
  markedAt: z.string().datetime().nullable(),
  state: z.enum(['awaitingPurchase', 'received']),
  receiptOperation: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  /** The purchase request to a vendor the line is grouped into, when it is. */
  purchaseRequest: z.object({ id: z.number().int(), number: z.string() }).nullable(),
});
export type PurchaseQueueItem = z.infer<typeof purchaseQueueItem>;
export const purchaseQueueQuery = z.object({ state: z.enum(['awaitingPurchase', 'received']).optional() });
export const purchaseQueueResponse = z.object({ items: z.array(purchaseQueueItem) });
export type PurchaseQueueResponse = z.infer<typeof purchaseQueueResponse>;

/**
 * POST /api/equipment/purchases/{lineId}/receive: the bought goods arrive — a stock receipt into
 * `warehouseId` linked to the line (source `inventoryRequestLine:{lineId}`), `unitCost` minor units
 * (default the line's price), the catalogue `materialId` for a free-text line, serials of the new
 * units, the vendor (a `vendor` modal element, required as on every receipt) and its invoice number.
 */
export const purchaseReceiveInput = z.object({
  warehouseId: id,
  materialId: id.optional(),
  unitCost: moneyMinor.optional(),
  vendorId: id,
  vendorInvoiceRef: safeText().trim().max(100).nullable().default(null),
  serials: z.array(safeText().trim().min(1).max(100)).max(1000).default([]),
});
export type PurchaseReceiveInput = z.input<typeof purchaseReceiveInput>;
export const purchaseLineParams = z.object({ lineId: idParam });

// ---------------------------------------------------------------------------------------------
// Purchase requests to vendors (lines of the purchase queue grouped, issue #40)
// ---------------------------------------------------------------------------------------------

export const PURCHASE_REQUEST_STATUSES = ['ordered', 'received'] as const;
export const purchaseRequestStatus = z.enum(PURCHASE_REQUEST_STATUSES);
export type PurchaseRequestStatus = z.infer<typeof purchaseRequestStatus>;

/**
 * A purchase request to a vendor: number `PR-YYYY-NNNNNN`, vendor, the vendor invoice in finance
 * it is linked to (optional), its lines (purchase queue items), `status` ordered until every line's
 * receipt arrived, then received (`receivedAt` the last receipt's instant).
 */
export const purchaseRequest = z.object({
  id: z.number().int(),
  number: z.string(),
  vendor: z.object({ id: z.number().int(), name: z.string() }),
  vendorInvoice: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  comment: z.string().nullable(),
  status: purchaseRequestStatus,
  createdBy: recordPerson.nullable(),
  createdAt: z.string().datetime(),
  receivedAt: z.string().datetime().nullable(),
  lines: z.array(purchaseQueueItem),
});
export type PurchaseRequest = z.infer<typeof purchaseRequest>;
export const purchaseRequestListResponse = z.object({ items: z.array(purchaseRequest) });
export type PurchaseRequestListResponse = z.infer<typeof purchaseRequestListResponse>;

/**
 * POST /api/equipment/purchases/requests: groups lines of the purchase queue (awaiting purchase,
 * in no other purchase request) into a purchase request to `vendorId`, optionally linked to
 * `vendorInvoiceId` (a vendor invoice of the same vendor).
 */
export const purchaseRequestInput = z.object({
  vendorId: id,
  lineIds: z.array(id).min(1).max(200),
  vendorInvoiceId: id.nullable().default(null),
  comment: safeText().trim().max(1000).nullable().default(null),
});
export type PurchaseRequestInput = z.input<typeof purchaseRequestInput>;

/** POST /api/equipment/purchases/requests/{id}/invoice: links (or with null unlinks) the vendor invoice. */
export const purchaseRequestInvoiceInput = z.object({ vendorInvoiceId: id.nullable() });
export type PurchaseRequestInvoiceInput = z.input<typeof purchaseRequestInvoiceInput>;
export const purchaseRequestParams = z.object({ id: idParam });
