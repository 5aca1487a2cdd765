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

const errors = recordRouteErrors;
const lang = requestLanguage;

/** Sends JSON the database wrote (lists; UTF-8 bytes, cachedPage) as it is; the cast only tells the type provider. */

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
  registerStockAccess();
  // The grids' pages, kept as the help desk's (HELPDESK_LIST_CACHE_MS) and dropped on every stock change (stock.lists.ts).
  const { cache, stop } = stockListCache(deps, deps.config.helpdeskListCacheMs);
  fastify.addHook('onClose', async () => stop());

  /** GET /api/stock/reference → StockReference: material groups (flat tree with paths), warehouses, units (names in Accept-Language). */
  app.get('/reference', { config: { permission: 'signedIn' }, schema: { response: { 200: stockReference, ...errors } } }, async (request) =>
    service.reference(deps, lang(request)),
  );

  /** GET /api/stock/dashboard → StockDashboard: inventories I hold; levels below minimum in my warehouses. */
  app.get('/dashboard', { config: { permission: 'dashboard' }, schema: { response: { 200: stockDashboard, ...errors } } }, async (request) =>
    service.dashboard(deps, requireUser(request)),
  );

  // ---- material groups ----
  /** POST /api/stock/materialGroups MaterialGroupInput → { id }. 422 `groupTooDeep`; 404 unknown parent. */
  app.post(
    '/materialGroups',
    { config: { permission: 'inventory.materials.create' }, schema: { body: materialGroupInput, response: { 200: stockCreated, ...errors } } },
    async (request) => ({ id: await service.saveGroup(deps, request.body) }),
  );
  /** PUT /api/stock/materialGroups/{id} MaterialGroupInput → { id }. 422 `groupCycle`, `groupTooDeep`. */
  app.put(
    '/materialGroups/:id',
    { config: { permission: 'inventory.materials.update' }, schema: { params: stockIdParams, body: materialGroupInput, response: { 200: stockCreated, ...errors } } },
    async (request) => ({ id: await service.saveGroup(deps, request.body, request.params.id) }),
  );

  // ---- materials ----
  /** POST /api/stock/materials/grid MaterialListQuery → MaterialListResponse (modes collapsed | elements). */
  app.post(
    '/materials/grid',
    { config: { permission: 'inventory.materials' }, schema: { body: materialListQuery, response: { 200: materialListResponse, ...errors } } },
    async (request, reply) =>
      sendEncoded(request, reply, await cachedPage(cache, ['materials', request.body, lang(request)], () => repo.listMaterialsJson(deps.db, request.body, lang(request)))),
  );
  /** GET /api/stock/materials/search?search= → up to 20 active materials (select-search; everyone who makes equipment requests). */
  app.get(
    '/materials/search',
    { config: { permission: 'inventory.requests' }, schema: { querystring: materialSearchQuery, response: { 200: materialSearchResponse, ...errors } } },
    async (request) => repo.searchMaterials(deps.db, request.query.search),
  );
  /** GET /api/stock/materials/{id} → Material. */
  app.get(
    '/materials/:id',
    { config: { permission: 'inventory.materials' }, schema: { params: stockIdParams, response: { 200: material, ...errors } } },
    async (request) => material.parse(await service.getMaterial(deps, request.params.id, lang(request))),
  );
  /** POST /api/stock/materials MaterialInput → Material. 409 `materialCodeTaken`; 422 `unknownUnit`. */
  app.post(
    '/materials',
    { config: { permission: 'inventory.materials.create' }, schema: { body: materialInput, response: { 200: material, ...errors } } },
    async (request) => material.parse(await service.getMaterial(deps, await service.createMaterial(deps, request.body), lang(request))),
  );
  /** PUT /api/stock/materials/{id} MaterialInput → Material. 422 `materialInUse` (unit / tracking after movements). */
  app.put(
    '/materials/:id',
    { config: { permission: 'inventory.materials.update' }, schema: { params: stockIdParams, body: materialInput, response: { 200: material, ...errors } } },
    async (request) => {
      await service.updateMaterial(deps, request.params.id, request.body);
      return material.parse(await service.getMaterial(deps, request.params.id, lang(request)));
    },
  );
  /**
   * POST /api/stock/materials/import { rows, apply } → what each row does (create, update with the
   * changed fields, unchanged, error); `apply` writes it all in one transaction (422
   * `importHasErrors` while a row has an error).
   */
  app.post(
    '/materials/import',
    { config: { permission: 'inventory.materials.create' }, schema: { body: materialImportInput, response: { 200: materialImportResult, ...errors } } },
    // No small heap (process-memory.ts) any more: the rows are decided in a worker (issue #42).
    async (request) => importMaterials(deps, request.body, lang(request)),
  );
  /** POST /api/stock/movements StockMovementListQuery → a material's movements, newest first, with running balances. */
  app.post(
    '/movements',
    { config: { permission: 'inventory.materials' }, schema: { body: stockMovementListQuery, response: { 200: stockMovementListResponse, ...errors } } },
    async (request, reply) =>
      sendEncoded(
        request,
        reply,
        await cachedPage(cache, ['movements', request.body], () =>
          repo.listMovementsJson(deps.db, request.body.materialId, request.body.warehouseId, request.body.skip, request.body.take),
        ),
      ),
  );

  // ---- warehouses, levels ----
  /** POST /api/stock/warehouses/grid WarehouseListQuery → WarehouseListResponse. */
  app.post(
    '/warehouses/grid',
    { config: { permission: 'inventory.warehouses' }, schema: { body: warehouseListQuery, response: { 200: warehouseListResponse, ...errors } } },
    async (request, reply) => sendEncoded(request, reply, await cachedPage(cache, ['warehouses', request.body], () => repo.listWarehousesJson(deps.db, request.body))),
  );
  /** GET /api/stock/warehouses/{id} → Warehouse. */
  app.get(
    '/warehouses/:id',
    { config: { permission: 'inventory.warehouses' }, schema: { params: stockIdParams, response: { 200: warehouse, ...errors } } },
    async (request) => warehouse.parse(await service.getWarehouse(deps, request.params.id)),
  );
  /** POST /api/stock/warehouses WarehouseInput → Warehouse. 409 `warehouseNameTaken`. */
  app.post(
    '/warehouses',
    { config: { permission: 'inventory.warehouses.create' }, schema: { body: warehouseInput, response: { 200: warehouse, ...errors } } },
    async (request) => warehouse.parse(await service.getWarehouse(deps, await service.saveWarehouse(deps, request.body))),
  );
  /** PUT /api/stock/warehouses/{id} WarehouseInput → Warehouse. */
  app.put(
    '/warehouses/:id',
    { config: { permission: 'inventory.warehouses.update' }, schema: { params: stockIdParams, body: warehouseInput, response: { 200: warehouse, ...errors } } },
    async (request) => warehouse.parse(await service.getWarehouse(deps, await service.saveWarehouse(deps, request.body, request.params.id))),
  );
  /** POST /api/stock/levels/grid StockLevelListQuery → StockLevelListResponse (reads the level rows, never the ledger). */
  app.post(
    '/levels/grid',
    { config: { permission: 'inventory.warehouses' }, schema: { body: stockLevelListQuery, response: { 200: stockLevelListResponse, ...errors } } },
    async (request, reply) => sendEncoded(request, reply, await cachedPage(cache, ['levels', request.body], () => repo.listLevelsJson(deps.db, request.body))),
  );

  /** POST /api/stock/snapshots { month, warehouseId?, materialId? } → closing balances at the month's end (from the monthly snapshots). */
  app.post(
    '/snapshots',
    { config: { permission: 'inventory.warehouses' }, schema: { body: stockSnapshotQuery, response: { 200: stockSnapshotResponse, ...errors } } },
    async (request) => ({ month: request.body.month, rows: await repo.snapshotRows(deps.db, request.body.month, request.body.warehouseId, request.body.materialId) }),
  );

  // ---- operations ----
  /** POST /api/stock/operations/grid StockOperationListQuery → StockOperationListResponse. */
  app.post(
    '/operations/grid',
    { config: { permission: 'inventory.warehouses' }, schema: { body: stockOperationListQuery, response: { 200: stockOperationListResponse, ...errors } } },
    async (request, reply) => sendEncoded(request, reply, await cachedPage(cache, ['operations', request.body], () => repo.listOperationsJson(deps.db, request.body))),
  );
  /** GET /api/stock/operations/{id} → StockOperation (with lines). */
  app.get(
    '/operations/:id',
    { config: { permission: 'inventory.warehouses' }, schema: { params: stockIdParams, response: { 200: stockOperation, ...errors } } },
    async (request) => service.getOperation(deps, request.params.id),
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
  app.post(
    '/operations',
    { config: { permission: 'inventory.warehouses.operation' }, schema: { body: postStockOperationInput, response: { 200: stockOperation, ...errors } } },
    async (request) => service.postOperation(deps, requireUser(request), request.body),
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
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
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
  app.post(
    '/units',
    { config: { permission: 'inventory.warehouses' }, schema: { body: availableUnitsQuery, response: { 200: availableUnitsResponse, ...errors } } },
    async (request) => repo.availableUnits(deps.db, request.body),
  );

  // ---- physical count (issue #13; counts as records, issue #40: stock.count.ts) ----
  /** POST /api/stock/counts/grid CountListQuery → CountListResponse: the count sessions, newest first. */
  app.post(
    '/counts/grid',
    { config: { permission: 'inventory.warehouses' }, schema: { body: countListQuery, response: { 200: countListResponse, ...errors } } },
    async (request) => listCounts(deps, request.body, lang(request)),
  );
  /** POST /api/stock/counts { warehouseId, materialGroupId? } → CountSession (open; its scope). 403 `notWarehouseKeeper`; 404 unknown group. */
  app.post(
    '/counts',
    { config: { permission: 'inventory.warehouses.operation' }, schema: { body: startCountInput, response: { 200: countSession, ...errors } } },
    async (request) => startCount(deps, requireUser(request), request.body, lang(request)),
  );
  /** GET /api/stock/counts/{id} → CountSession (found, missing, misplaced, out of scope, unknown, quantity lines, latest scans). 404 unknown. */
  app.get(
    '/counts/:id',
    { config: { permission: 'inventory.warehouses' }, schema: { params: stockIdParams, response: { 200: countSession, ...errors } } },
    async (request) => countState(deps.db, request.params.id, lang(request)),
  );
  /** GET /api/stock/counts/{id}/plan → CountPlan: what posting would write now (N write-offs, M transfers, K adjustments, their values in minor units). */
  app.get(
    '/counts/:id/plan',
    { config: { permission: 'inventory.warehouses' }, schema: { params: stockIdParams, response: { 200: countPlan, ...errors } } },
    async (request) => countPlanOf(deps, request.params.id, lang(request)),
  );
  /** POST /api/stock/counts/{id}/scan { inventoryNumber } → CountSession (inventory number or serial; saved at once, announced to the session's viewers). 422 `countClosed`. */
  app.post(
    '/counts/:id/scan',
    { config: { permission: 'inventory.warehouses.operation' }, schema: { params: stockIdParams, body: countScanInput, response: { 200: countSession, ...errors } } },
    async (request) => scanCount(deps, requireUser(request), request.params.id, request.body.inventoryNumber, lang(request)),
  );
  /** PUT /api/stock/counts/{id}/lines { materialId, countedQuantity } → CountSession. 422 `countNotQuantity`, `countOutOfScope`, `countClosed`. */
  app.put(
    '/counts/:id/lines',
    { config: { permission: 'inventory.warehouses.operation' }, schema: { params: stockIdParams, body: countLineInput, response: { 200: countSession, ...errors } } },
    async (request) => setCountLine(deps, requireUser(request), request.params.id, request.body, lang(request)),
  );
  /**
   * POST /api/stock/counts/{id}/post { reason, expected } → CountSession (posted once: write-off,
   * transfers, surplus return, only inside the scope). 409 `countPlanChanged` (details.figures);
   * 422 `reasonRequired`, `countClosed` (posted already).
   */
  app.post(
    '/counts/:id/post',
    { config: { permission: 'inventory.warehouses.operation' }, schema: { params: stockIdParams, body: countPostInput, response: { 200: countSession, ...errors } } },
    async (request) => postCount(deps, requireUser(request), request.params.id, request.body, lang(request)),
  );
  /** POST /api/stock/counts/{id}/cancel → CountSession (cancelled, nothing posted). 422 `countClosed`. */
  app.post(
    '/counts/:id/cancel',
    { config: { permission: 'inventory.warehouses.operation' }, schema: { params: stockIdParams, response: { 200: countSession, ...errors } } },
    async (request) => cancelCount(deps, requireUser(request), request.params.id, lang(request)),
  );

  // ---- inventories ----
  /** POST /api/stock/inventories/grid InventoryListQuery → InventoryListResponse. */
  app.post(
    '/inventories/grid',
    { config: { permission: 'inventory.inventories' }, schema: { body: inventoryListQuery, response: { 200: inventoryListResponse, ...errors } } },
    async (request, reply) => sendEncoded(request, reply, await cachedPage(cache, ['inventories', request.body], () => repo.listInventoriesJson(deps.db, request.body))),
  );
  /** POST /api/stock/inventories/mine InventoryListQuery → the inventories I hold (everyone). */
  app.post(
    '/inventories/mine',
    { config: { permission: 'signedIn' }, schema: { body: inventoryListQuery, response: { 200: inventoryListResponse, ...errors } } },
    async (request, reply) => {
      const userId = requireUser(request).id;
      return sendEncoded(request, reply, await cachedPage(cache, ['inventoriesMine', userId, request.body], () => repo.listInventoriesJson(deps.db, request.body, userId)));
    },
  );
  /** GET /api/stock/inventories/{id} → InventoryDetail (its holder, or inventory.inventories; 404 to others). */
  app.get(
    '/inventories/:id',
    { config: { permission: 'signedIn' }, schema: { params: stockIdParams, response: { 200: inventoryDetail, ...errors } } },
    async (request) => service.getInventory(deps, requireUser(request), request.params.id),
  );
  /** PUT /api/stock/inventories/{id} { serial, parameters } → InventoryDetail. */
  app.put(
    '/inventories/:id',
    { config: { permission: 'inventory.inventories.update' }, schema: { params: stockIdParams, body: inventoryUpdateInput, response: { 200: inventoryDetail, ...errors } } },
    async (request) => service.updateInventory(deps, requireUser(request), request.params.id, request.body),
  );
  /** POST /api/stock/inventories/{id}/action InventoryActionInput → InventoryDetail. 422 `invalidTransition`. */
  app.post(
    '/inventories/:id/action',
    { config: { permission: 'inventory.inventories.update' }, schema: { params: stockIdParams, body: inventoryActionInput, response: { 200: inventoryDetail, ...errors } } },
    async (request) => service.inventoryAction(deps, requireUser(request), request.params.id, request.body),
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
      return reply.type('application/pdf').header('content-disposition', 'attachment; filename="labels.pdf"').send(pdf as never);
    },
  );
}
