import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GetLoginHistoryListInput, LoginHistoryItem } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { globalKeys } from './global-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const globalContracts = () => import('@servicedesk/contracts/global');

/**
 * POST /api/global/getLoginHistoryList (SPEC §3, §7): the caller's sign-in attempts (everyone's
 * for an admin with `loginHistory.all`), newest first; `isSuccess` true/false filters, null/absent
 * answers all; `userId`, `reason`, `ip` (part of it) and the days `from`…`to` narrow further.
 */
export function getLoginHistoryList(
  client: ApiClient,
  input: GetLoginHistoryListInput = {},
  signal?: AbortSignal,
): Promise<LoginHistoryItem[]> {
  return client.request({
    method: 'POST',
    path: '/global/getLoginHistoryList',
    body: input,
    schema: () => globalContracts().then((m) => m.getLoginHistoryListResponse),
    signal,
  });
}

/** Query options for {@link getLoginHistoryList}, keyed by the filter. */
export function getLoginHistoryListQueryOptions(
  client: ApiClient,
  input: GetLoginHistoryListInput = {},
) {
  const filters = {
    isSuccess: input.isSuccess ?? null,
    userId: input.userId ?? null,
    reason: input.reason ?? null,
    ip: input.ip || null,
    from: input.from || null,
    to: input.to || null,
  };
  return queryOptions({
    queryKey: globalKeys.loginHistoryList(filters),
    queryFn: ({ signal }) => getLoginHistoryList(client, filters, signal),
  });
}

/** The caller's login history (the /user/login-history page). */
export function useLoginHistoryList(input: GetLoginHistoryListInput = {}) {
  return useQuery(getLoginHistoryListQueryOptions(useApiClient(), input));
}
