import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Specode } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import { useApiClient } from '../provider';
import { globalKeys } from './global-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const globalContracts = () => import('@servicedesk/contracts/global');

/**
 * GET /api/global/getSpecodesByKey/{key} (SPEC §7): a keyed lookup list (e.g. `priority`),
 * names in the request's Accept-Language, sorted by sortOrder.
 */
export function getSpecodesByKey(
  client: ApiClient,
  key: string,
  signal?: AbortSignal,
): Promise<Specode[]> {
  return client.request({
    method: 'GET',
    path: encodePath`/global/getSpecodesByKey/${key}`,
    schema: () => globalContracts().then((m) => m.getSpecodesByKeyResponse),
    signal,
  });
}

/** Query options for {@link getSpecodesByKey}; lookup lists rarely change (fresh for 10 minutes). */
export function getSpecodesByKeyQueryOptions(client: ApiClient, key: string) {
  return queryOptions({
    queryKey: globalKeys.specodes(key),
    queryFn: ({ signal }) => getSpecodesByKey(client, key, signal),
    staleTime: 10 * 60_000,
  });
}

/** One lookup list. */
export function useSpecodesByKey(key: string) {
  return useQuery(getSpecodesByKeyQueryOptions(useApiClient(), key));
}
