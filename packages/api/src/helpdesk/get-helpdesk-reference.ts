import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HelpdeskReference } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { helpdeskKeys } from './helpdesk-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const helpdeskContracts = () => import('@servicedesk/contracts/helpdesk');

/**
 * GET /api/helpdesk/reference (issue #6) → HelpdeskReference: every category and component
 * (inactive ones included, `isActive` says which to offer), the priorities with their target
 * minutes, the groups with lead and members (assign picker), the hold reasons. Names in the
 * caller's Accept-Language (az fallback). Needs `helpdesk.requests`.
 */
export function getHelpdeskReference(client: ApiClient, signal?: AbortSignal): Promise<HelpdeskReference> {
  return client.request({ method: 'GET', path: '/helpdesk/reference', schema: () => helpdeskContracts().then((m) => m.helpdeskReference), signal });
}

/** Query options for {@link getHelpdeskReference}; it changes only through the admin screen, so it stays fresh for 5 minutes. */
export function getHelpdeskReferenceQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: helpdeskKeys.reference(),
    queryFn: ({ signal }) => getHelpdeskReference(client, signal),
    staleTime: 5 * 60_000,
  });
}

/** The help-desk reference data (categories, components, priorities, groups, hold reasons). */
export function useHelpdeskReference() {
  return useQuery(getHelpdeskReferenceQueryOptions(useApiClient()));
}
