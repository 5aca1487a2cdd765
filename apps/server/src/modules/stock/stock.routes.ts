import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  inventoryActionInput,
  inventoryDetail,
  inventoryLabelsInput,
  inventoryListQuery,
  inventoryListResponse,
  inventoryUpdateInput,
  material,
  materialGroupInput,
  materialListQuery,
  materialListResponse,
  materialInput,
  materialImportInput,
  materialImportResult,
  materialSearchQuery,
  materialSearchResponse,
  postStockOperationInput,
  reverseStockOperationInput,
  stockCreated,
  stockDashboard,
  stockIdParams,
  stockLevelListQuery,
  stockLevelListResponse,
  stockMovementListQuery,
  stockMovementListResponse,
  stockOperation,
  stockOperationListQuery,
  stockOperationListResponse,
  stockReference,
  availableUnitsQuery,
  availableUnitsResponse,
  countLineInput,
  countListQuery,
  countListResponse,
  countPlan,
  countPostInput,
  countScanInput,
  countSession,
  startCountInput,
  stockSnapshotQuery,
  stockSnapshotResponse,
  warehouse,
  warehouseInput,
  warehouseListQuery,
  warehouseListResponse,
} from '@servicedesk/contracts';
import { requireUser } from '../../plugins/auth-guard';
import { sendEncoded } from '../../lib/encoded-body';
import { registerStockAccess } from './stock.access';
import { labelsPdf } from './stock.labels';
import { handoverPdf } from './stock.handover';
import { importMaterials } from './stock.import';
import { cancelCount, countPlan as countPlanOf, countState, listCounts, postCount, scanCount, setCountLine, startCount } from './stock.count';
import { cachedPage, stockListCache } from './stock.lists';
import * as repo from './stock.repository';
import * as service from './stock.service';
import { recordRouteErrors, requestLanguage } from '../../lib/routes';
import { recordRoutes, sendPdf } from '../../lib/records/record-routes';

const errors = recordRouteErrors;
const lang = requestLanguage;

/**
 * /api/stock/* (issue #13; SPEC §7 catalogue "materials, warehouses, groups, operations;
 * inventories and their parameters"). Menu keys: inventory.materials (materials, groups,
 * movements), inventory.warehouses (warehouses, levels, operations), inventory.inventories;
 * posting is inventory.warehouses.operation plus the warehouse rule (its keeper, or
 * inventory.warehouses.anyWarehouse — stock.access.ts). The grids' pages (materials, warehouses,
 * levels, movements, operations, inventories) may come from the page cache, which every stock
 * change drops (stock.lists.ts).
 */
export async function stockRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;
  const route = recordRoutes(fastify);
  registerStockAccess();
  // The grids' pages, kept as the help desk's (HELPDESK_LIST_CACHE_MS) and dropped on every stock change (stock.lists.ts).
  const { cache, stop } = stockListCache(deps, deps.config.helpdeskListCacheMs);
  fastify.addHook('onClose', async () => stop());

  /** GET /api/stock/reference → StockReference: material groups (flat tree with paths), warehouses, units (names in Accept-Language). */
  route.get(
    '/reference',
    { permission: 'signedIn', response: stockReference },
    async ({ request }) =>
    service.reference(deps, lang(request)),
  );

  /** GET /api/stock/dashboard → StockDashboard: inventories I hold; levels below minimum in my warehouses. */
  route.get(
    '/dashboard',
    { permission: 'dashboard', response: stockDashboard },
    async ({ user }) =>
    service.dashboard(deps, user),
  );

  // ---- material groups ----
  /** POST /api/stock/materialGroups MaterialGroupInput → { id }. 422 `groupTooDeep`; 404 unknown parent. */
  route.post(
    '/materialGroups',
    { permission: 'inventory.materials.create', body: materialGroupInput, response: stockCreated },
    async ({ body }) => ({ id: await service.saveGroup(deps, body) }),
  );
  /** PUT /api/stock/materialGroups/{id} MaterialGroupInput → { id }. 422 `groupCycle`, `groupTooDeep`. */
  route.put(
    '/materialGroups/:id',
    { permission: 'inventory.materials.update', params: stockIdParams, body: materialGroupInput, response: stockCreated },
    async ({ params, body }) => ({ id: await service.saveGroup(deps, body, params.id) }),
  );

  // ---- materials ----
  /** POST /api/stock/materials/grid MaterialListQuery → MaterialListResponse (modes collapsed | elements). */
  route.post(
    '/materials/grid',
    { permission: 'inventory.materials', body: materialListQuery, response: materialListResponse },
    async ({ body, reply, request }) =>
      sendEncoded(request, reply, await cachedPage(cache, ['materials', body, lang(request)], () => repo.listMaterialsJson(deps.db, body, lang(request)))),
  );
  /** GET /api/stock/materials/search?search= → up to 20 active materials (select-search; everyone who makes equipment requests). */
  route.get(
    '/materials/search',
    { permission: 'inventory.requests', query: materialSearchQuery, response: materialSearchResponse },
    async ({ query }) => repo.searchMaterials(deps.db, query.search),
  );
  /** GET /api/stock/materials/{id} → Material. */
  route.get(
    '/materials/:id',
    { permission: 'inventory.materials', params: stockIdParams, response: material },
    async ({ params, request }) => material.parse(await service.getMaterial(deps, params.id, lang(request))),
  );
  /** POST /api/stock/materials MaterialInput → Material. 409 `materialCodeTaken`; 422 `unknownUnit`. */
  route.post(
    '/materials',
    { permission: 'inventory.materials.create', body: materialInput, response: material },
    async ({ body, request }) => material.parse(await service.getMaterial(deps, await service.createMaterial(deps, body), lang(request))),
  );
  /** PUT /api/stock/materials/{id} MaterialInput → Material. 422 `materialInUse` (unit / tracking after movements). */
  route.put(
    '/materials/:id',
    { permission: 'inventory.materials.update', params: stockIdParams, body: materialInput, response: material },
    async ({ params, body, request }) => {
      await service.updateMaterial(deps, params.id, body);
      return material.parse(await service.getMaterial(deps, params.id, lang(request)));
    },
  );
  /**
   * POST /api/stock/materials/import { rows, apply } → what each row does (create, update with the
   * changed fields, unchanged, error); `apply` writes it all in one transaction (422
   * `importHasErrors` while a row has an error).
   */
  route.post(
    '/materials/import',
    { permission: 'inventory.materials.create', body: materialImportInput, response: materialImportResult },
// No small heap (process-memory.ts) any more: the rows are decided in a worker (issue #42).
    async ({ body, request }) => importMaterials(deps, body, lang(request)),
  );
  /** POST /api/stock/movements StockMovementListQuery → a material's movements, newest first, with running balances. */
  route.post(
    '/movements',
    { permission: 'inventory.materials', body: stockMovementListQuery, response: stockMovementListResponse },
    async ({ body, reply, request }) =>
      sendEncoded(
        request,
        reply,
        await cachedPage(cache, ['movements', body], () =>
          repo.listMovementsJson(deps.db, body.materialId, body.warehouseId, body.skip, body.take),
        ),
      ),
  );

  // ---- warehouses, levels ----
  /** POST /api/stock/warehouses/grid WarehouseListQuery → WarehouseListResponse. */
  route.post(
    '/warehouses/grid',
    { permission: 'inventory.warehouses', body: warehouseListQuery, response: warehouseListResponse },
    async ({ body, reply, request }) => sendEncoded(request, reply, await cachedPage(cache, ['warehouses', body], () => repo.listWarehousesJson(deps.db, body))),
  );
  /** GET /api/stock/warehouses/{id} → Warehouse. */
  route.get(
    '/warehouses/:id',
    { permission: 'inventory.warehouses', params: stockIdParams, response: warehouse },
    async ({ params }) => warehouse.parse(await service.getWarehouse(deps, params.id)),
  );
  /** POST /api/stock/warehouses WarehouseInput → Warehouse. 409 `warehouseNameTaken`. */
  route.post(
    '/warehouses',
    { permission: 'inventory.warehouses.create', body: warehouseInput, response: warehouse },
    async ({ body }) => warehouse.parse(await service.getWarehouse(deps, await service.saveWarehouse(deps, body))),
  );
  /** PUT /api/stock/warehouses/{id} WarehouseInput → Warehouse. */
  route.put(
    '/warehouses/:id',
    { permission: 'inventory.warehouses.update', params: stockIdParams, body: warehouseInput, response: warehouse },
    async ({ params, body }) => warehouse.parse(await service.getWarehouse(deps, await service.saveWarehouse(deps, body, params.id))),
  );
  /** POST /api/stock/levels/grid StockLevelListQuery → StockLevelListResponse (reads the level rows, never the ledger). */
  route.post(
    '/levels/grid',
    { permission: 'inventory.warehouses', body: stockLevelListQuery, response: stockLevelListResponse },
    async ({ body, reply, request }) => sendEncoded(request, reply, await cachedPage(cache, ['levels', body], () => repo.listLevelsJson(deps.db, body))),
  );

  /** POST /api/stock/snapshots { month, warehouseId?, materialId? } → closing balances at the month's end (from the monthly snapshots). */
  route.post(
    '/snapshots',
    { permission: 'inventory.warehouses', body: stockSnapshotQuery, response: stockSnapshotResponse },
    async ({ body }) => ({ month: body.month, rows: await repo.snapshotRows(deps.db, body.month, body.warehouseId, body.materialId) }),
  );

  // ---- operations ----
  /** POST /api/stock/operations/grid StockOperationListQuery → StockOperationListResponse. */
  route.post(
    '/operations/grid',
    { permission: 'inventory.warehouses', body: stockOperationListQuery, response: stockOperationListResponse },
    async ({ body, reply, request }) => sendEncoded(request, reply, await cachedPage(cache, ['operations', body], () => repo.listOperationsJson(deps.db, body))),
  );
  /** GET /api/stock/operations/{id} → StockOperation (with lines). */
  route.get(
    '/operations/:id',
    { permission: 'inventory.warehouses', params: stockIdParams, response: stockOperation },
    async ({ params }) => service.getOperation(deps, params.id),
  );
  /**
   * POST /api/stock/operations PostStockOperationInput → StockOperation: posts it (levels change at
   * once). 403 `notWarehouseKeeper`; 422 `insufficientStock`, `reasonRequired`, `missingField`,
   * `inventoryMismatch`, `unknownVendor`, `futureDate`, … (stock.ledger.ts). Units of tracked
   * materials are chosen by the keeper (`inventoryIds` and/or scanned `serials`): 422
   * `unitsRequired` without them, `unitUnknown`, `unitOtherMaterial`, `unitNotInWarehouse`,
   * `unitNotAvailable`, `unitNotHeld` (details name the unit); of two postings of one unit at once
   * exactly one wins.
   */
  route.post(
    '/operations',
    { permission: 'inventory.warehouses.operation', body: postStockOperationInput, response: stockOperation },
    async ({ user, body }) => service.postOperation(deps, user, body),
  );
  /**
   * GET /api/stock/operations/{id}/handover → application/pdf: the hand-over certificate (akt) of
   * an issue — lines and units, who handed over, who received, when the recipient confirmed each
   * unit on My equipment, signature lines (stock.handover.ts). The recipient may download it, and
   * whoever has `inventory.warehouses`; to anyone else, and for an unknown id, 404; 422 `notAnIssue`.
   */
  app.get(
    '/operations/:id/handover',
    {
      config: {
        permission: 'signedIn',
        openapi: { response: { 200: { description: 'The hand-over certificate PDF.', content: { 'application/pdf': { schema: z.file() } } } } },
      },
      schema: { params: stockIdParams },
    },
    async (request, reply) => {
      const { pdf, name } = await handoverPdf(deps, requireUser(request), request.params.id, lang(request));
      return sendPdf(reply, pdf, name, { noStore: true });
    },
  );
  /** POST /api/stock/operations/{id}/reverse { reason } → the reversal (StockOperation). 422 `alreadyReversed`, `cannotReverseReversal`, `insufficientStock`. */
  app.post(
    '/operations/:id/reverse',
    {
      config: { permission: 'inventory.warehouses.operation' },
      schema: { params: stockIdParams, body: reverseStockOperationInput, response: { 200: stockOperation, ...errors } },
    },
    async (request) => service.reverseOperation(deps, requireUser(request), request.params.id, request.body.reason),
  );

  // ---- choosing units (issue #40) ----
  /**
   * POST /api/stock/units AvailableUnitsQuery → AvailableUnitsResponse: the units an operation may
   * move — in stock (with `includeRepair` also in repair) in `warehouseId`, or assigned to
   * `holderId` — oldest first (received earliest), up to 200 (`total` counts them all); `search`
   * matches the number or serial. The operation form suggests the first ones.
   */
  route.post(
    '/units',
    { permission: 'inventory.warehouses', body: availableUnitsQuery, response: availableUnitsResponse },
    async ({ body }) => repo.availableUnits(deps.db, body),
  );

  // ---- physical count (issue #13; counts as records, issue #40: stock.count.ts) ----
  /** POST /api/stock/counts/grid CountListQuery → CountListResponse: the count sessions, newest first. */
  route.post(
    '/counts/grid',
    { permission: 'inventory.warehouses', body: countListQuery, response: countListResponse },
    async ({ body, request }) => listCounts(deps, body, lang(request)),
  );
  /** POST /api/stock/counts { warehouseId, materialGroupId? } → CountSession (open; its scope). 403 `notWarehouseKeeper`; 404 unknown group. */
  route.post(
    '/counts',
    { permission: 'inventory.warehouses.operation', body: startCountInput, response: countSession },
    async ({ user, body, request }) => startCount(deps, user, body, lang(request)),
  );
  /** GET /api/stock/counts/{id} → CountSession (found, missing, misplaced, out of scope, unknown, quantity lines, latest scans). 404 unknown. */
  route.get(
    '/counts/:id',
    { permission: 'inventory.warehouses', params: stockIdParams, response: countSession },
    async ({ params, request }) => countState(deps.db, params.id, lang(request)),
  );
  /** GET /api/stock/counts/{id}/plan → CountPlan: what posting would write now (N write-offs, M transfers, K adjustments, their values in minor units). */
  route.get(
    '/counts/:id/plan',
    { permission: 'inventory.warehouses', params: stockIdParams, response: countPlan },
    async ({ params, request }) => countPlanOf(deps, params.id, lang(request)),
  );
  /** POST /api/stock/counts/{id}/scan { inventoryNumber } → CountSession (inventory number or serial; saved at once, announced to the session's viewers). 422 `countClosed`. */
  route.post(
    '/counts/:id/scan',
    { permission: 'inventory.warehouses.operation', params: stockIdParams, body: countScanInput, response: countSession },
    async ({ user, params, body, request }) => scanCount(deps, user, params.id, body.inventoryNumber, lang(request)),
  );
  /** PUT /api/stock/counts/{id}/lines { materialId, countedQuantity } → CountSession. 422 `countNotQuantity`, `countOutOfScope`, `countClosed`. */
  route.put(
    '/counts/:id/lines',
    { permission: 'inventory.warehouses.operation', params: stockIdParams, body: countLineInput, response: countSession },
    async ({ user, params, body, request }) => setCountLine(deps, user, params.id, body, lang(request)),
  );
  /**
   * POST /api/stock/counts/{id}/post { reason, expected } → CountSession (posted once: write-off,
   * transfers, surplus return, only inside the scope). 409 `countPlanChanged` (details.figures);
   * 422 `reasonRequired`, `countClosed` (posted already).
   */
  route.post(
    '/counts/:id/post',
    { permission: 'inventory.warehouses.operation', params: stockIdParams, body: countPostInput, response: countSession },
    async ({ user, params, body, request }) => postCount(deps, user, params.id, body, lang(request)),
  );
  /** POST /api/stock/counts/{id}/cancel → CountSession (cancelled, nothing posted). 422 `countClosed`. */
  route.post(
    '/counts/:id/cancel',
    { permission: 'inventory.warehouses.operation', params: stockIdParams, response: countSession },
    async ({ user, params, request }) => cancelCount(deps, user, params.id, lang(request)),
  );

  // ---- inventories ----
  /** POST /api/stock/inventories/grid InventoryListQuery → InventoryListResponse. */
  route.post(
    '/inventories/grid',
    { permission: 'inventory.inventories', body: inventoryListQuery, response: inventoryListResponse },
    async ({ body, reply, request }) => sendEncoded(request, reply, await cachedPage(cache, ['inventories', body], () => repo.listInventoriesJson(deps.db, body))),
  );
  /** POST /api/stock/inventories/mine InventoryListQuery → the inventories I hold (everyone). */
  route.post(
    '/inventories/mine',
    { permission: 'signedIn', body: inventoryListQuery, response: inventoryListResponse },
    async ({ user, body, reply, request }) => {
      const userId = user.id;
      return sendEncoded(request, reply, await cachedPage(cache, ['inventoriesMine', userId, body], () => repo.listInventoriesJson(deps.db, body, userId)));
    },
  );
  /** GET /api/stock/inventories/{id} → InventoryDetail (its holder, or inventory.inventories; 404 to others). */
  route.get(
    '/inventories/:id',
    { permission: 'signedIn', params: stockIdParams, response: inventoryDetail },
    async ({ user, params }) => service.getInventory(deps, user, params.id),
  );
  /** PUT /api/stock/inventories/{id} { serial, parameters } → InventoryDetail. */
  route.put(
    '/inventories/:id',
    { permission: 'inventory.inventories.update', params: stockIdParams, body: inventoryUpdateInput, response: inventoryDetail },
    async ({ user, params, body }) => service.updateInventory(deps, user, params.id, body),
  );
  /** POST /api/stock/inventories/{id}/action InventoryActionInput → InventoryDetail. 422 `invalidTransition`. */
  route.post(
    '/inventories/:id/action',
    { permission: 'inventory.inventories.update', params: stockIdParams, body: inventoryActionInput, response: inventoryDetail },
    async ({ user, params, body }) => service.inventoryAction(deps, user, params.id, body),
  );
  /** POST /api/stock/inventories/labels { ids } → application/pdf: a label per inventory (code128 + QR of its number, name, serial). */
  app.post(
    '/inventories/labels',
    {
      config: {
        permission: 'inventory.inventories',
        openapi: { response: { 200: { content: { 'application/pdf': { schema: z.file() } } } } },
      },
      schema: { body: inventoryLabelsInput, response: { ...errors } },
    },
    async (request, reply) => {
      const pdf = await labelsPdf(deps, request.body.ids);
      return sendPdf(reply, pdf, 'labels.pdf');
    },
  );
}
