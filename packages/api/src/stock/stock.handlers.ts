import { http, HttpResponse } from 'msw';
import { availableUnitsQuery, inventoryListQuery, materialListQuery, stockLevelListQuery, warehouseListQuery } from '@servicedesk/contracts';
import { apiPath, validationErrorResponse } from '../mock-utils';
import { inventoriesFixture, materialsFixture, stockDashboardFixture, stockLevelsFixture, stockReferenceFixture, warehousesFixture } from './stock.fixtures';

const page = <T>(rows: T[], skip: number, take: number) => ({ rows: rows.slice(skip, skip + take), total: rows.length, totalCapped: false });

/**
 * MSW handlers of /api/stock (issue #13): reference, dashboard, the materials (either mode:
 * the same rows — the web groups the collapsed view), warehouses, levels and inventories grids,
 * the material search, the units an operation may move. Bodies are parsed with the contracts (400 validationError otherwise).
 */
export function createStockHandlers() {
  return [
    http.get(apiPath('/stock/reference'), () => HttpResponse.json(stockReferenceFixture)),
    http.get(apiPath('/stock/dashboard'), () => HttpResponse.json(stockDashboardFixture)),
    http.post(apiPath('/stock/materials/grid'), async ({ request }) => {
      const q = materialListQuery.safeParse(await request.json());
      if (!q.success) return validationErrorResponse(q.error.issues);
      const term = q.data.search?.toLowerCase();
      const rows = materialsFixture.filter((m) => !term || m.name.toLowerCase().includes(term) || m.code.toLowerCase().includes(term));
      return HttpResponse.json(page(rows, q.data.skip, q.data.take));
    }),
    http.get(apiPath('/stock/materials/search'), ({ request }) => {
      const term = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase();
      return HttpResponse.json(
        materialsFixture
          .filter((m) => m.name.toLowerCase().includes(term) || m.code.toLowerCase().includes(term))
          .map((m) => ({ id: m.id, name: m.name, code: m.code, unitCode: m.unitCode, tracksInventories: m.tracksInventories })),
      );
    }),
    http.post(apiPath('/stock/warehouses/grid'), async ({ request }) => {
      const q = warehouseListQuery.safeParse(await request.json());
      if (!q.success) return validationErrorResponse(q.error.issues);
      return HttpResponse.json(page(warehousesFixture, q.data.skip, q.data.take));
    }),
    http.post(apiPath('/stock/levels/grid'), async ({ request }) => {
      const q = stockLevelListQuery.safeParse(await request.json());
      if (!q.success) return validationErrorResponse(q.error.issues);
      const rows = stockLevelsFixture.filter((l) => (!q.data.warehouseId || l.warehouseId === q.data.warehouseId) && (!q.data.materialId || l.materialId === q.data.materialId));
      return HttpResponse.json(page(rows, q.data.skip, q.data.take));
    }),
    http.post(apiPath('/stock/inventories/grid'), async ({ request }) => {
      const q = inventoryListQuery.safeParse(await request.json());
      if (!q.success) return validationErrorResponse(q.error.issues);
      return HttpResponse.json(page(inventoriesFixture.filter((i) => !q.data.status || i.status === q.data.status), q.data.skip, q.data.take));
    }),
    // The units an operation may move (issue #40): the fixture's inventories of the material, in stock in the warehouse or held by the person; `search` in the number or serial.
    http.post(apiPath('/stock/units'), async ({ request }) => {
      const q = availableUnitsQuery.safeParse(await request.json());
      if (!q.success) return validationErrorResponse(q.error.issues);
      const term = q.data.search.toLowerCase();
      const rows = inventoriesFixture
        .filter((i) => i.materialId === q.data.materialId && (q.data.holderId !== null ? i.holder?.id === q.data.holderId : i.status === 'inStock' && i.warehouseId === q.data.warehouseId))
        .filter((i) => !term || i.inventoryNumber.toLowerCase().includes(term) || (i.serial ?? '').toLowerCase().includes(term))
        .map((i) => ({ id: i.id, inventoryNumber: i.inventoryNumber, serial: i.serial, status: i.status, receivedAt: i.createdAt }));
      return HttpResponse.json({ rows, total: rows.length });
    }),
  ];
}
