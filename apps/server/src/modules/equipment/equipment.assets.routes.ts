import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  assetFacts,
  assetFactsInput,
  assetFaultAnswer,
  assetFaultInput,
  assetHelpdeskResponse,
  assetReturnInput,
  equipmentIdParams,
  equipmentRequestDetail,
  myEquipmentItem,
  myEquipmentResponse,
  purchaseLineParams,
  purchaseQueueQuery,
  purchaseQueueResponse,
  purchaseReceiveInput,
  reorderResponse,
  purchaseRequest,
  purchaseRequestInput,
  purchaseRequestInvoiceInput,
  purchaseRequestListResponse,
  purchaseRequestParams,
} from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import { recordRouteErrors, requestLanguage } from '../../lib/routes';
import {
  assetHelpdesk,
  confirmReceipt,
  getFacts,
  myEquipment,
  reportFault,
  requestReturn,
  saveFacts,
  scheduleWarrantyNotices,
} from './equipment.assets';
import { purchaseQueue, receivePurchase, reorderList } from './equipment.purchases';
import { createPurchaseRequest, deletePurchaseRequest, linkPurchaseInvoice, listPurchaseRequests } from './equipment.purchase-requests';

const errors = recordRouteErrors;

/**
 * /api/assets/* (issue #40 "My equipment", "Asset facts"): an employee's own equipment and what
 * they do with it, the facts and help-desk requests of an asset. `inventory.myEquipment` is every
 * user type's (the menu entry); each call acts on the caller's own assets only (404 for another's)
 * — the inventories list stays the keepers'. Schedules the daily warranty notice.
 */
export async function assetRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  scheduleWarrantyNotices(fastify);

  /** GET /api/assets/mine → { items: MyEquipmentItem[] }: what is assigned to me (number, name, serial, since, request, confirmed, return asked). */
  app.get(
    '/mine',
    { config: { permission: 'signedIn' }, schema: { response: { 200: myEquipmentResponse, ...errors } } },
    async (request) => ({ items: await myEquipment(deps, requireUser(request)) }),
  );

  /** POST /api/assets/{id}/confirmReceipt → MyEquipmentItem: I confirm I received it (history row with my name and the time). 404 not mine; 422 `alreadyConfirmed`. */
  app.post(
    '/:id/confirmReceipt',
    { config: { permission: 'signedIn' }, schema: { params: equipmentIdParams, response: { 200: myEquipmentItem, ...errors } } },
    async (request) => confirmReceipt(deps, requireUser(request), request.params.id),
  );

  /** POST /api/assets/{id}/returnRequest { comment? } → MyEquipmentItem: I ask the keeper to take it back (they are notified). 404 not mine; 422 `returnAlreadyRequested`. */
  app.post(
    '/:id/returnRequest',
    {
      config: { permission: 'signedIn' },
      schema: { params: equipmentIdParams, body: assetReturnInput.default({}), response: { 200: myEquipmentItem, ...errors } },
    },
    async (request) => requestReturn(deps, requireUser(request), request.params.id, request.body.comment, request.log),
  );

  /** POST /api/assets/{id}/fault { description, componentId? } → { id, number }: a help-desk request linked to the asset. 404 not mine; 422 `unknownComponent`. */
  app.post(
    '/:id/fault',
    {
      config: { permission: 'helpdesk.requests.create' },
      schema: { params: equipmentIdParams, body: assetFaultInput, response: { 200: assetFaultAnswer, ...errors } },
    },
    async (request) => reportFault(deps, requireUser(request), request.params.id, request.body, requestLanguage(request), request.log),
  );

  /** GET /api/assets/{id}/helpdesk → { items }: the help-desk requests linked to the asset (its holder or `inventory.inventories`; 404 otherwise). */
  app.get(
    '/:id/helpdesk',
    { config: { permission: 'signedIn' }, schema: { params: equipmentIdParams, response: { 200: assetHelpdeskResponse, ...errors } } },
    async (request) => ({ items: await assetHelpdesk(deps, requireUser(request), request.params.id) }),
  );

  /** GET /api/assets/{id}/facts → AssetFacts: model, manufacturer, purchase date/price (minor units)/currency, warranty end, supplier (receipt's by default). */
  app.get(
    '/:id/facts',
    { config: { permission: 'signedIn' }, schema: { params: equipmentIdParams, response: { 200: assetFacts, ...errors } } },
    async (request) => getFacts(deps, requireUser(request), request.params.id),
  );

  /** PUT /api/assets/{id}/facts AssetFactsInput → AssetFacts (`inventory.inventories.update`); a new warranty end is noticed again. */
  app.put(
    '/:id/facts',
    {
      config: { permission: 'inventory.inventories.update' },
      schema: { params: equipmentIdParams, body: assetFactsInput, response: { 200: assetFacts, ...errors } },
    },
    async (request) => saveFacts(deps, requireUser(request), request.params.id, request.body),
  );
}

/**
 * /api/equipment/purchases/* (issue #40 "Purchase follow-up"): the queue of request lines marked
 * for purchase and the reorder list (`inventory.purchases`: the warehouse keeper, or a purchasing
 * user type granted it), the receipt of a bought line (`inventory.purchases.receive`).
 */
export async function purchaseRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;

  /** GET /api/equipment/purchases?state=awaitingPurchase|received → { items: PurchaseQueueItem[] }, oldest mark first. */
  app.get(
    '/',
    {
      config: { permission: 'inventory.purchases' },
      schema: { querystring: purchaseQueueQuery, response: { 200: purchaseQueueResponse, ...errors } },
    },
    async (request) => ({ items: await purchaseQueue(deps.db, request.query.state) }),
  );

  /** GET /api/equipment/purchases/reorder → { items: ReorderItem[] }: materials below their minimum, on order, suggested quantity. */
  app.get(
    '/reorder',
    { config: { permission: 'inventory.purchases' }, schema: { response: { 200: reorderResponse, ...errors } } },
    async () => ({ items: await reorderList(deps.db) }),
  );

  // ---- purchase requests to vendors (equipment.purchase-requests.ts) ----
  /** GET /api/equipment/purchases/requests → { items: PurchaseRequest[] }, newest first, with their lines and status (ordered | received). */
  app.get(
    '/requests',
    { config: { permission: 'inventory.purchases' }, schema: { response: { 200: purchaseRequestListResponse, ...errors } } },
    async () => ({ items: await listPurchaseRequests(deps.db) }),
  );
  /**
   * POST /api/equipment/purchases/requests PurchaseRequestInput → PurchaseRequest: queue lines
   * grouped into a request to a vendor. 422 `lineNotAwaitingPurchase`, `lineAlreadyOrdered`,
   * `unknownVendor`, `unknownVendorInvoice`, `invoiceOtherVendor`.
   */
  app.post(
    '/requests',
    { config: { permission: 'inventory.purchases.receive' }, schema: { body: purchaseRequestInput, response: { 200: purchaseRequest, ...errors } } },
    async (request) => createPurchaseRequest(deps, requireUser(request), request.body),
  );
  /** POST /api/equipment/purchases/requests/{id}/invoice { vendorInvoiceId | null } → PurchaseRequest. 422 `invoiceOtherVendor`, `unknownVendorInvoice`; 404. */
  app.post(
    '/requests/:id/invoice',
    {
      config: { permission: 'inventory.purchases.receive' },
      schema: { params: purchaseRequestParams, body: purchaseRequestInvoiceInput, response: { 200: purchaseRequest, ...errors } },
    },
    async (request) => linkPurchaseInvoice(deps, requireUser(request), request.params.id, request.body.vendorInvoiceId),
  );
  /** DELETE /api/equipment/purchases/requests/{id} → { ok: true }; its lines stay in the queue. 422 `purchaseRequestReceived`; 404. */
  app.delete(
    '/requests/:id',
    { config: { permission: 'inventory.purchases.receive' }, schema: { params: purchaseRequestParams } },
    async (request) => deletePurchaseRequest(deps, requireUser(request), request.params.id),
  );

  /**
   * POST /api/equipment/purchases/{lineId}/receive PurchaseReceiveInput → EquipmentRequestDetail:
   * a stock receipt linked to the line; the requester is told it is ready. 422
   * `notMarkedForPurchase`, `alreadyReceived`, `materialRequired`; 403 `notWarehouseKeeper`.
   */
  app.post(
    '/:lineId/receive',
    {
      config: { permission: 'inventory.purchases.receive' },
      schema: { params: purchaseLineParams, body: purchaseReceiveInput, response: { 200: equipmentRequestDetail, ...errors } },
    },
    async (request) => receivePurchase(deps, requireUser(request), request.params.lineId, request.body, request.log),
  );
}
