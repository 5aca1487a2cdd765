import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModalElement, ModalElementKind } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import { useApiClient } from '../provider';
import { modalElementKeys } from './modal-elements-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const modalElementsContracts = () => import('@servicedesk/contracts/modal-elements');

/**
 * GET /api/global/getModalElements/{kind}?includeInactive=true (SPEC §7, DOMAIN.md "Modal
 * elements") → the list's elements sorted by name; active only unless `includeInactive`
 * (which needs `admin.referenceLists`, else 403 `forbidden`).
 */
export function getModalElements(
  client: ApiClient,
  kind: ModalElementKind,
  includeInactive = false,
  signal?: AbortSignal,
): Promise<ModalElement[]> {
  return client.request({
    method: 'GET',
    path: encodePath`/global/getModalElements/${kind}` + (includeInactive ? '?includeInactive=true' : ''),
    schema: () => modalElementsContracts().then((m) => m.modalElementListResponse),
    signal,
  });
}

/** Query options for {@link getModalElements}. */
export function getModalElementsQueryOptions(client: ApiClient, kind: ModalElementKind, includeInactive = false) {
  return queryOptions({
    queryKey: modalElementKeys.list(kind, includeInactive),
    queryFn: ({ signal }) => getModalElements(client, kind, includeInactive, signal),
  });
}

/** One modal-element list (with removed ones when `includeInactive`). */
export function useModalElements(kind: ModalElementKind, includeInactive = false) {
  return useQuery(getModalElementsQueryOptions(useApiClient(), kind, includeInactive));
}
