import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemHasLdapResponse } from '@servicedesk/contracts';
import { systemHasLdapAnswer } from '@servicedesk/contracts/plain/auth';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { authKeys } from './auth-keys';

/**
 * GET /api/auth/systemHasLdap (SPEC §6, §7): whether the company directory is configured. No token
 * needed. The answer is checked by the zod-free `systemHasLdapAnswer` (contracts plain/auth): the
 * sign-in page asks this as it opens, and a lazy zod schema would load and evaluate zod inside the
 * page's first second (issue #19, bench/lighthouse). Rejects with ApiRequestError as every call.
 */
export function systemHasLdap(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<SystemHasLdapResponse> {
  return client.request({
    method: 'GET',
    path: '/auth/systemHasLdap',
    schema: systemHasLdapAnswer,
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
