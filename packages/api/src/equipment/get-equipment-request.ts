import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EquipmentReference, EquipmentRequestDetail } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import { useApiClient } from '../provider';
import { equipmentKeys } from './equipment-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const equipmentContracts = () => import('@servicedesk/contracts/equipment');

/**
 * GET /api/equipment/requests/{id} → EquipmentRequestDetail: the request with its lines, budget
 * line and budget check, history, comments, attachments and the caller's `allowedActions`.
 * 404 `notFound`; 403 `forbidden` without a part in it.
 */
export function getEquipmentRequest(
  client: ApiClient,
  id: number,
  signal?: AbortSignal,
): Promise<EquipmentRequestDetail> {
  return client.request({
    method: 'GET',
    path: encodePath`/equipment/requests/${id}`,
    schema: () => equipmentContracts().then((m) => m.equipmentRequestDetail),
    signal,
  });
}

/** Query options for {@link getEquipmentRequest}. */
export function getEquipmentRequestQueryOptions(client: ApiClient, id: number) {
  return queryOptions({
    queryKey: equipmentKeys.detail(id),
    queryFn: ({ signal }) => getEquipmentRequest(client, id, signal),
  });
}

/** One request; idle while `id` is null. */
export function useEquipmentRequest(id: number | null) {
  return useQuery({
    ...getEquipmentRequestQueryOptions(useApiClient(), id ?? 0),
    enabled: id !== null,
  });
}

/** GET /api/equipment/reference → EquipmentReference: budget lines (this and next year), units, people for "on behalf of". */
export function getEquipmentReference(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<EquipmentReference> {
  return client.request({
    method: 'GET',
    path: '/equipment/reference',
    schema: () => equipmentContracts().then((m) => m.equipmentReference),
    signal,
  });
}

/** The form's reference data. */
export function useEquipmentReference() {
  const client = useApiClient();
  return useQuery({
    queryKey: equipmentKeys.reference(),
    queryFn: ({ signal }) => getEquipmentReference(client, signal),
  });
}
