import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  type AvailableUnitsQuery,
  type CountListQuery,
  type InventoryListQuery,
  type MaterialSearchItem,
  type MaterialListQuery,
  type StockLevelListQuery,
  type StockMovementListQuery,
  type StockOperationListQuery,
  type WarehouseListQuery,
} from '@servicedesk/contracts';
import type { z } from 'zod';
import { encodePath, type ApiClient } from '../client';
import { gridPages } from '../grid-pages';
import { useApiClient } from '../provider';
import { stockKeys } from './stock-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const stockContracts = () => import('@servicedesk/contracts/stock');

/*
 * The reads of /api/stock (issue #13): reference data, the grids (materials in their two modes,
 * warehouses, levels, operations, inventories, a material's movements), one material, operation
 * and inventory, and the dashboard figures. Errors reject with ApiRequestError (403 `forbidden`
 * without the menu key, 404 `notFound`).
 */

type GridPage = { rows: unknown[]; total: number; totalCapped: boolean };

/**
 * The grids' paths and answers: `materials` (POST /stock/materials/grid), `warehouses`,
 * `levels`, `operations`, `inventories`, `myInventories` (POST /stock/inventories/mine), `movements`.
 */
const grids = {
  materials: { path: '/stock/materials/grid', schema: () => stockContracts().then((m) => m.materialListResponse) },
  warehouses: { path: '/stock/warehouses/grid', schema: () => stockContracts().then((m) => m.warehouseListResponse) },
  levels: { path: '/stock/levels/grid', schema: () => stockContracts().then((m) => m.stockLevelListResponse) },
  operations: { path: '/stock/operations/grid', schema: () => stockContracts().then((m) => m.stockOperationListResponse) },
  inventories: { path: '/stock/inventories/grid', schema: () => stockContracts().then((m) => m.inventoryListResponse) },
  myInventories: { path: '/stock/inventories/mine', schema: () => stockContracts().then((m) => m.inventoryListResponse) },
  movements: { path: '/stock/movements', schema: () => stockContracts().then((m) => m.stockMovementListResponse) },
} as const;
type Grids = typeof grids;
export type StockGridName = keyof Grids;
type Queries = {
  materials: MaterialListQuery;
  warehouses: WarehouseListQuery;
  levels: StockLevelListQuery;
  operations: StockOperationListQuery;
  inventories: InventoryListQuery;
  myInventories: InventoryListQuery;
  movements: StockMovementListQuery;
};

/** The answer of grid `name` (its contract's output). */
type GridAnswer<N extends StockGridName> = z.infer<Awaited<ReturnType<Grids[N]['schema']>>>;

/** One page of grid `name` with `query` (skip/take included). */
export function getStockGrid<N extends StockGridName>(client: ApiClient, name: N, query: Queries[N], signal?: AbortSignal): Promise<GridAnswer<N>> {
  const grid = grids[name];
  return client.request({ method: 'POST', path: grid.path, body: query, schema: grid.schema as never, signal });
}

/**
 * Grid `name` page by page (100 rows, SPEC §9; `fetchNextPage` loads more until every matching
 * row — or, past the count cap, a short page — arrived). Keyed under stockKeys.all.
 */
export function useStockGridPages<N extends StockGridName>(name: N, query: Omit<Queries[N], 'skip'>, enabled = true) {
  const client = useApiClient();
  const take = (query as { take?: number }).take ?? 100;
  return useInfiniteQuery({
    ...gridPages([...stockKeys.grid(name, { ...query, take }), 'pages'] as const, take, (start, signal) => getStockGrid(client, name, { ...query, take, ...start } as Queries[N], signal) as Promise<GridPage>),
    enabled,
  });
}

/** The rows of every loaded page of a {@link useStockGridPages} answer. */
export function gridRows<N extends StockGridName>(data: { pages: GridPage[] } | undefined): GridRows<N> {
  return (data?.pages.flatMap((p) => p.rows) ?? []) as GridRows<N>;
}
type GridRows<N extends StockGridName> = GridAnswer<N>['rows'];

/** GET /api/stock/reference → groups (flat tree with paths), warehouses, units in the caller's language. */
export function useStockReference() {
  const client = useApiClient();
  return useQuery({ queryKey: stockKeys.reference(), queryFn: ({ signal }) => client.request({ method: 'GET', path: '/stock/reference', schema: () => stockContracts().then((m) => m.stockReference), signal }) });
}

/** GET /api/stock/dashboard → inventories I hold; levels below minimum in the warehouses I keep (null: none kept). */
export function useStockDashboard(enabled = true) {
  const client = useApiClient();
  return useQuery({ queryKey: stockKeys.dashboard(), queryFn: ({ signal }) => client.request({ method: 'GET', path: '/stock/dashboard', schema: () => stockContracts().then((m) => m.stockDashboard), signal }), enabled });
}

/** GET /api/stock/materials/{id} → Material (with its stock over all warehouses). */
export function useMaterial(id: number) {
  const client = useApiClient();
  return useQuery({ queryKey: stockKeys.material(id), queryFn: ({ signal }) => client.request({ method: 'GET', path: encodePath`/stock/materials/${id}`, schema: () => stockContracts().then((m) => m.material), signal }) });
}

/** GET /api/stock/materials/search?search= → up to 20 active materials (select-search). */
export function useMaterialSearch(search: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: stockKeys.materialSearch(search),
    queryFn: ({ signal }): Promise<MaterialSearchItem[]> =>
      client.request({ method: 'GET', path: `/stock/materials/search?search=${encodeURIComponent(search)}`, schema: () => stockContracts().then((m) => m.materialSearchResponse), signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/stock/operations/{id} → StockOperation with its lines (costs in minor units). */
export function useStockOperation(id: number) {
  const client = useApiClient();
  return useQuery({ queryKey: stockKeys.operation(id), queryFn: ({ signal }) => client.request({ method: 'GET', path: encodePath`/stock/operations/${id}`, schema: () => stockContracts().then((m) => m.stockOperation), signal }) });
}

/** GET /api/stock/inventories/{id} → InventoryDetail (the inventory and who held it when). */
export function useInventory(id: number) {
  const client = useApiClient();
  return useQuery({ queryKey: stockKeys.inventory(id), queryFn: ({ signal }) => client.request({ method: 'GET', path: encodePath`/stock/inventories/${id}`, schema: () => stockContracts().then((m) => m.inventoryDetail), signal }) });
}

/**
 * POST /api/stock/units once → the units an operation may move (`rows`, at most 200, oldest first;
 * `total`). With `search` (a number or serial, matched as a substring) it is what a scan asks: the
 * answer does not depend on the list being loaded, nor on the unit being among its first 200.
 */
export function getAvailableUnits(client: ApiClient, query: AvailableUnitsQuery, signal?: AbortSignal) {
  return client.request({ method: 'POST', path: '/stock/units', body: query, schema: () => stockContracts().then((m) => m.availableUnitsResponse), signal });
}

/** POST /api/stock/units → the units an operation may move (in a warehouse or held by a person), oldest first; `enabled` false until the line names its material. */
export function useAvailableUnits(query: AvailableUnitsQuery, enabled = true) {
  const client = useApiClient();
  return useQuery({
    queryKey: stockKeys.units(query),
    queryFn: ({ signal }) => getAvailableUnits(client, query, signal),
    enabled,
  });
}

/** POST /api/stock/counts/grid → the count sessions, newest first. */
export function useCounts(query: CountListQuery) {
  const client = useApiClient();
  return useQuery({
    queryKey: stockKeys.counts(query),
    queryFn: ({ signal }) => client.request({ method: 'POST', path: '/stock/counts/grid', body: query, schema: () => stockContracts().then((m) => m.countListResponse), signal }),
  });
}

/** GET /api/stock/counts/{id} → the CountSession (kept live by RecordChanged 'stockCount'). */
export function useCount(id: number) {
  const client = useApiClient();
  return useQuery({ queryKey: stockKeys.count(id), queryFn: ({ signal }) => client.request({ method: 'GET', path: encodePath`/stock/counts/${id}`, schema: () => stockContracts().then((m) => m.countSession), signal }) });
}

/** GET /api/stock/counts/{id}/plan → what posting would write now (asked when the keeper opens the posting dialog). */
export function useCountPlan(id: number, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: stockKeys.countPlan(id),
    queryFn: ({ signal }) => client.request({ method: 'GET', path: encodePath`/stock/counts/${id}/plan`, schema: () => stockContracts().then((m) => m.countPlan), signal }),
    enabled,
  });
}
