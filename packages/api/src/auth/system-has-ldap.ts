import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemHasLdapResponse } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { authKeys } from './auth-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const authContracts = () => import('@servicedesk/contracts/auth');

/** GET /api/auth/systemHasLdap (SPEC §6, §7): whether the company directory is configured. No token needed. */
export function systemHasLdap(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<SystemHasLdapResponse> {
  return client.request({
    method: 'GET',
    path: '/auth/systemHasLdap',
    schema: () => authContracts().then((m) => m.systemHasLdapResponse),
    signal,
    auth: false,
  });
}

/** Query options for {@link systemHasLdap}; the answer only changes with server config, so it never goes stale. */
export function systemHasLdapQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: authKeys.systemHasLdap(),
    queryFn: ({ signal }) => systemHasLdap(client, signal),
    staleTime: Infinity,
  });
}

/** Whether the login page should offer the company directory (checked before login, SPEC §6). */
export function useSystemHasLdap() {
  return useQuery(systemHasLdapQueryOptions(useApiClient()));
}
