import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExplainInput, ExplainResult } from '@servicedesk/contracts';
import type { ApiClient } from '../../client';
import { useApiClient } from '../../provider';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const adminContracts = () => import('@servicedesk/contracts/admin');

/** Query keys of the permission explainer. */
export const permissionsKeys = {
  all: ['admin', 'permissions'] as const,
  explain: (input: ExplainInput) => [...permissionsKeys.all, 'explain', input] as const,
};

/**
 * POST /api/admin/permissions/explain {userId, actionName, detailId?} (issue #5 "permission
 * explainer") → `{ allowed, rule, params?, user }`: the decision the server's one permission
 * helper takes for that user, and the stable code of the rule that decided (`userTypeGrants`,
 * `userTypeLacks`, `inactiveUser`, `unknownAction`, record rules such as `requester`). 404 for an
 * unknown user; 403 without `admin.permissions`.
 */
export function explainPermission(client: ApiClient, input: ExplainInput, signal?: AbortSignal): Promise<ExplainResult> {
  return client.request({ method: 'POST', path: '/admin/permissions/explain', body: input, schema: () => adminContracts().then((m) => m.explainResult), signal });
}

/** Query options for {@link explainPermission}; always asked afresh (grants change). */
export function explainPermissionQueryOptions(client: ApiClient, input: ExplainInput) {
  return queryOptions({
    queryKey: permissionsKeys.explain(input),
    queryFn: ({ signal }) => explainPermission(client, input, signal),
    staleTime: 0,
  });
}

/** The decision for `input`; idle while `input` is null (nothing asked yet). */
export function useExplainPermission(input: ExplainInput | null) {
  const client = useApiClient();
  return useQuery({
    ...explainPermissionQueryOptions(client, input ?? { userId: 1, actionName: '-' }),
    enabled: input !== null,
  });
}
