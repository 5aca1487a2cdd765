import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckMenuPermissionInput, CheckMenuPermissionResponse } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { globalKeys } from './global-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const globalContracts = () => import('@servicedesk/contracts/global');

/**
 * POST /api/global/checkMenuPermission (SPEC §6, §7): whether the user may use `actionName`,
 * optionally for one detail record (`detailId` + `checkDetailPermission`) under a parent action.
 * A read, so it is a query keyed by the whole input.
 */
export function checkMenuPermission(
  client: ApiClient,
  input: CheckMenuPermissionInput,
  signal?: AbortSignal,
): Promise<CheckMenuPermissionResponse> {
  return client.request({
    method: 'POST',
    path: '/global/checkMenuPermission',
    body: input,
    schema: () => globalContracts().then((m) => m.checkMenuPermissionResponse),
    signal,
  });
}

/** Query options for {@link checkMenuPermission}. */
export function checkMenuPermissionQueryOptions(
  client: ApiClient,
  input: CheckMenuPermissionInput,
) {
  return queryOptions({
    queryKey: globalKeys.menuPermission(input),
    queryFn: ({ signal }) => checkMenuPermission(client, input, signal),
  });
}

/** Whether the user may use an action (data.hasPermission). */
export function useCheckMenuPermission(input: CheckMenuPermissionInput) {
  return useQuery(checkMenuPermissionQueryOptions(useApiClient(), input));
}
