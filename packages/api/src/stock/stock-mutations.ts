import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CountPlanFigures,
  InventoryActionInput,
  MaterialGroupInput,
  MaterialImportInput,
  MaterialInput,
  PostStockOperationInput,
  WarehouseInput,
} from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import { ApiRequestError } from '../errors';
import { downloadPdf } from '../files/download-pdf';
import { useApiClient } from '../provider';
import { stockKeys } from './stock-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const stockContracts = () => import('@servicedesk/contracts/stock');

/*
 * The writes of /api/stock (issue #13). Every one refreshes all stock answers (stockKeys.all):
 * levels, lists and histories derive from the ledger. Errors reject with ApiRequestError: 409
 * `materialCodeTaken` / `warehouseNameTaken`, 422 `insufficientStock` (details materialId,
 * warehouseId, available, requested), `reasonRequired`, `missingField`, `inventoryMismatch`,
 * `invalidTransition`, `alreadyReversed`; 403 `forbidden` (`notWarehouseKeeper`).
 */

function useStockMutation<V, R>(fn: (client: ApiClient, variables: V) => Promise<R>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => fn(client, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
  });
}

/** POST /api/stock/materials (no id) or PUT /api/stock/materials/{id} → Material. */
export const useSaveMaterial = () =>
  useStockMutation((client, { id, ...body }: MaterialInput & { id?: number }) =>
    client.request({ method: id ? 'PUT' : 'POST', path: id ? encodePath`/stock/materials/${id}` : '/stock/materials', body, schema: () => stockContracts().then((m) => m.material) }),
  );

/**
 * POST /api/stock/materials/import { rows, apply } → per row create / update (changed fields) /
 * unchanged / error; `apply` writes it all (422 `importHasErrors` while a row has an error).
 */
export const useImportMaterials = () =>
  useStockMutation((client, body: MaterialImportInput) => client.request({ method: 'POST', path: '/stock/materials/import', body, schema: () => stockContracts().then((m) => m.materialImportResult) }));

/** POST /api/stock/materialGroups or PUT /api/stock/materialGroups/{id} → { id }. */
export const useSaveMaterialGroup = () =>
  useStockMutation((client, { id, ...body }: MaterialGroupInput & { id?: number }) =>
    client.request({ method: id ? 'PUT' : 'POST', path: id ? encodePath`/stock/materialGroups/${id}` : '/stock/materialGroups', body, schema: () => stockContracts().then((m) => m.stockCreated) }),
  );

/** POST /api/stock/warehouses or PUT /api/stock/warehouses/{id} → Warehouse. */
export const useSaveWarehouse = () =>
  useStockMutation((client, { id, ...body }: WarehouseInput & { id?: number }) =>
    client.request({ method: id ? 'PUT' : 'POST', path: id ? encodePath`/stock/warehouses/${id}` : '/stock/warehouses', body, schema: () => stockContracts().then((m) => m.warehouse) }),
  );

/** POST /api/stock/operations → the posted StockOperation (levels change at once). */
export const usePostStockOperation = () =>
  useStockMutation((client, body: PostStockOperationInput) => client.request({ method: 'POST', path: '/stock/operations', body, schema: () => stockContracts().then((m) => m.stockOperation) }));

/** POST /api/stock/operations/{id}/reverse { reason } → the reversal. */
export const useReverseStockOperation = () =>
  useStockMutation((client, { id, reason }: { id: number; reason: string }) =>
    client.request({ method: 'POST', path: encodePath`/stock/operations/${id}/reverse`, body: { reason }, schema: () => stockContracts().then((m) => m.stockOperation) }),
  );

/** POST /api/stock/inventories/{id}/action → InventoryDetail after the action. */
export const useInventoryAction = () =>
  useStockMutation((client, { id, ...body }: InventoryActionInput & { id: number }) =>
    client.request({ method: 'POST', path: encodePath`/stock/inventories/${id}/action`, body, schema: () => stockContracts().then((m) => m.inventoryDetail) }),
  );

/**
 * GET /api/stock/operations/{id}/handover → the hand-over certificate (akt) of an issue as a Blob
 * and its file name: units, both sides, the recipient's receipt confirmations, signature lines
 * (issue #40). The recipient and the keepers may; 404 for anyone else; 422 `notAnIssue`.
 */
export function downloadHandover(client: ApiClient, id: number): Promise<{ blob: Blob; fileName: string }> {
  return downloadPdf(client, encodePath`/stock/operations/${id}/handover`, `handover-${id}.pdf`);
}

/** {@link downloadHandover} as a mutation (a button's press). */
export function useDownloadHandover() {
  const client = useApiClient();
  return useMutation({ mutationFn: (id: number) => downloadHandover(client, id) });
}

/**
 * POST /api/stock/inventories/labels { ids } → the labels PDF as a Blob (code128 + QR of each
 * inventory number, name, serial).
 */
export async function downloadLabels(client: ApiClient, ids: number[]): Promise<Blob> {
  const url = `${client.baseUrl}/stock/inventories/labels`;
  let response: Response;
  try {
    response = await globalThis.fetch(url, {
      method: 'POST',
      headers: { ...client.headers(), Accept: 'application/pdf, application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ ids }),
    });
  } catch (cause) {
    throw new ApiRequestError(0, { message: `Network error on POST ${url}`, code: 'networkError' }, { cause });
  }
  if (!response.ok) {
    const text = await response.text();
    let payload: unknown = text;
    try {
      payload = JSON.parse(text) as unknown;
    } catch {
      // not JSON
    }
    throw client.errorFor('POST', url, response.status, payload, { statusText: response.statusText });
  }
  return response.blob();
}

/** Mutation for {@link downloadLabels} (a download is an action, not cached data). */
export function useDownloadLabels() {
  const client = useApiClient();
  return useMutation({ mutationFn: (ids: number[]) => downloadLabels(client, ids) });
}

/** POST /api/stock/counts { warehouseId, materialGroupId } → the open CountSession (its scope). */
export const useStartCount = () =>
  useStockMutation((client, body: { warehouseId: number; materialGroupId: number | null }) =>
    client.request({ method: 'POST', path: '/stock/counts', body, schema: () => stockContracts().then((m) => m.countSession) }),
  );

/** POST /api/stock/counts/{id}/scan { inventoryNumber } → the CountSession (found, missing, misplaced, out of scope, unknown). */
export const useScanCount = () =>
  useStockMutation((client, { id, inventoryNumber }: { id: number; inventoryNumber: string }) =>
    client.request({ method: 'POST', path: encodePath`/stock/counts/${id}/scan`, body: { inventoryNumber }, schema: () => stockContracts().then((m) => m.countSession) }),
  );

/** PUT /api/stock/counts/{id}/lines { materialId, countedQuantity } → the CountSession (null takes the line away). */
export const useSetCountLine = () =>
  useStockMutation((client, { id, ...body }: { id: number; materialId: number; countedQuantity: number | null }) =>
    client.request({ method: 'PUT', path: encodePath`/stock/counts/${id}/lines`, body, schema: () => stockContracts().then((m) => m.countSession) }),
  );

/** POST /api/stock/counts/{id}/post { reason, expected } → the posted CountSession; 409 `countPlanChanged` when the confirmed figures are no longer the plan's. */
export const usePostCount = () =>
  useStockMutation((client, { id, ...body }: { id: number; reason: string; expected: CountPlanFigures }) =>
    client.request({ method: 'POST', path: encodePath`/stock/counts/${id}/post`, body, schema: () => stockContracts().then((m) => m.countSession) }),
  );

/** POST /api/stock/counts/{id}/cancel → the cancelled CountSession. */
export const useCancelCount = () =>
  useStockMutation((client, id: number) => client.request({ method: 'POST', path: encodePath`/stock/counts/${id}/cancel`, schema: () => stockContracts().then((m) => m.countSession) }));
