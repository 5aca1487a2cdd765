import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssetFacts,
  AssetFactsInput,
  AssetFaultInput,
  AssetHelpdeskLink,
  EquipmentRequestDetail,
  MyEquipmentItem,
  PurchaseQueueItem,
  PurchaseReceiveInput,
  PurchaseRequest,
  PurchaseRequestInput,
  ReorderItem,
} from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import { useApiClient } from '../provider';
import { stockKeys } from '../stock/stock-keys';
import { equipmentKeys } from './equipment-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint). */
const assetContracts = () => import('@servicedesk/contracts/assets');
const equipmentContracts = () => import('@servicedesk/contracts/equipment');

/**
 * Query keys of My equipment and the asset facts (issue #40): under `stockKeys.all`, so an
 * inventory's RecordChanged (a receipt confirmed, an issue) refetches them; the purchase queue
 * under `equipmentKeys.all` (an equipment request's change refetches it).
 */
export const assetKeys = {
  all: [...stockKeys.all, 'assets'] as const,
  mine: () => [...assetKeys.all, 'mine'] as const,
  facts: (id: number) => [...assetKeys.all, 'facts', id] as const,
  helpdesk: (id: number) => [...assetKeys.all, 'helpdesk', id] as const,
  purchases: () => [...equipmentKeys.all, 'purchases'] as const,
  purchaseRequests: () => [...equipmentKeys.all, 'purchases', 'requests'] as const,
  reorder: () => [...equipmentKeys.all, 'reorder'] as const,
};

/** GET /api/assets/mine → what is assigned to me (number, name, serial, since, request, confirmed). */
export function useMyEquipment() {
  const client = useApiClient();
  return useQuery({
    queryKey: assetKeys.mine(),
    queryFn: ({ signal }) =>
      client
        .request({ method: 'GET', path: '/assets/mine', schema: () => assetContracts().then((m) => m.myEquipmentResponse), signal })
        .then((r) => r.items as MyEquipmentItem[]),
  });
}

/** GET /api/assets/{id}/facts → AssetFacts. */
export function useAssetFacts(id: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: assetKeys.facts(id),
    queryFn: ({ signal }): Promise<AssetFacts> =>
      client.request({ method: 'GET', path: encodePath`/assets/${id}/facts`, schema: () => assetContracts().then((m) => m.assetFacts), signal }),
  });
}

/** GET /api/assets/{id}/helpdesk → the help-desk requests linked to the asset. */
export function useAssetHelpdesk(id: number) {
  const client = useApiClient();
  return useQuery({
    queryKey: assetKeys.helpdesk(id),
    queryFn: ({ signal }) =>
      client
        .request({ method: 'GET', path: encodePath`/assets/${id}/helpdesk`, schema: () => assetContracts().then((m) => m.assetHelpdeskResponse), signal })
        .then((r) => r.items as AssetHelpdeskLink[]),
  });
}

/** What an action on my asset sends: confirm receipt, ask for a return, report a fault. */
export type AssetActionVariables =
  | { id: number; action: 'confirmReceipt' }
  | { id: number; action: 'returnRequest'; comment?: string }
  | { id: number; action: 'fault'; input: AssetFaultInput };

/** POST /api/assets/{id}/{confirmReceipt|returnRequest|fault}; refetches My equipment and the asset. */
export function assetAction(client: ApiClient, v: AssetActionVariables): Promise<unknown> {
  const path = encodePath`/assets/${v.id}/${v.action}`;
  if (v.action === 'fault')
    return client.request({ method: 'POST', path, body: v.input, schema: () => assetContracts().then((m) => m.assetFaultAnswer) });
  return client.request({
    method: 'POST',
    path,
    body: v.action === 'returnRequest' ? { comment: v.comment } : {},
    schema: () => assetContracts().then((m) => m.myEquipmentItem),
  });
}

/** {@link assetAction} as a mutation. */
export function useAssetAction() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: AssetActionVariables) => assetAction(client, v),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
  });
}

/** PUT /api/assets/{id}/facts AssetFactsInput → AssetFacts. */
export function useSaveAssetFacts(id: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssetFactsInput): Promise<AssetFacts> =>
      client.request({ method: 'PUT', path: encodePath`/assets/${id}/facts`, body: input, schema: () => assetContracts().then((m) => m.assetFacts) }),
    onSuccess: (facts) => queryClient.setQueryData(assetKeys.facts(id), facts),
  });
}

/** GET /api/equipment/purchases → the purchase queue (lines marked for purchase). */
export function usePurchaseQueue() {
  const client = useApiClient();
  return useQuery({
    queryKey: assetKeys.purchases(),
    queryFn: ({ signal }) =>
      client
        .request({ method: 'GET', path: '/equipment/purchases', schema: () => assetContracts().then((m) => m.purchaseQueueResponse), signal })
        .then((r) => r.items as PurchaseQueueItem[]),
  });
}

/** GET /api/equipment/purchases/reorder → materials below their minimum with a suggested quantity. */
export function useReorderList(enabled = true) {
  const client = useApiClient();
  return useQuery({
    queryKey: assetKeys.reorder(),
    enabled,
    queryFn: ({ signal }) =>
      client
        .request({ method: 'GET', path: '/equipment/purchases/reorder', schema: () => assetContracts().then((m) => m.reorderResponse), signal })
        .then((r) => r.items as ReorderItem[]),
  });
}

/** POST /api/equipment/purchases/{lineId}/receive → EquipmentRequestDetail; refetches equipment and stock answers. */
export function useReceivePurchase() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, input }: { lineId: number; input: PurchaseReceiveInput }): Promise<EquipmentRequestDetail> =>
      client.request({
        method: 'POST',
        path: encodePath`/equipment/purchases/${lineId}/receive`,
        body: input,
        schema: () => equipmentContracts().then((m) => m.equipmentRequestDetail),
      }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: equipmentKeys.all });
      await queryClient.invalidateQueries({ queryKey: stockKeys.all });
    },
  });
}

/** GET /api/equipment/purchases/requests → the purchase requests to vendors, newest first, with their lines and status. */
export function usePurchaseRequests() {
  const client = useApiClient();
  return useQuery({
    queryKey: assetKeys.purchaseRequests(),
    queryFn: ({ signal }) =>
      client
        .request({ method: 'GET', path: '/equipment/purchases/requests', schema: () => assetContracts().then((m) => m.purchaseRequestListResponse), signal })
        .then((r) => r.items as PurchaseRequest[]),
  });
}

/**
 * The purchase request writes (issue #40): `create` (POST /equipment/purchases/requests — queue
 * lines grouped into a request to a vendor), `link` (POST …/{id}/invoice, null unlinks) and
 * `remove` (DELETE …/{id}); each refetches the queue and the requests (equipmentKeys.all).
 */
export function usePurchaseRequestActions() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: equipmentKeys.all });
  const schema = () => assetContracts().then((m) => m.purchaseRequest);
  return {
    create: useMutation({
      mutationFn: (input: PurchaseRequestInput): Promise<PurchaseRequest> => client.request({ method: 'POST', path: '/equipment/purchases/requests', body: input, schema }),
      onSettled: refresh,
    }),
    link: useMutation({
      mutationFn: ({ id, vendorInvoiceId }: { id: number; vendorInvoiceId: number | null }): Promise<PurchaseRequest> =>
        client.request({ method: 'POST', path: encodePath`/equipment/purchases/requests/${id}/invoice`, body: { vendorInvoiceId }, schema }),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) =>
        client.request({ method: 'DELETE', path: encodePath`/equipment/purchases/requests/${id}`, schema: () => import('@servicedesk/contracts/errors').then((m) => m.okResponse) }),
      onSettled: refresh,
    }),
  };
}
