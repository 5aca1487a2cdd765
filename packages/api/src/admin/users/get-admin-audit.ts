import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAuditEntry, AdminEntityType } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../../client';
import { useApiClient } from '../../provider';
import { adminUsersKeys } from './users-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const adminContracts = () => import('@servicedesk/contracts/admin');

/**
 * GET /api/admin/audit/{entityType}/{entityId} (issue #5 "the user's audit history") → the admin
 * changes of one entity, newest first, at most 500: who, what (`create`, `update`, `deactivate`,
 * `reactivate`, `resetPassword`, …) and the changes (`{ field: { from, to } }`, `{ reason }`).
 */
export function getAdminAudit(
  client: ApiClient,
  entityType: AdminEntityType,
  entityId: number,
  signal?: AbortSignal,
): Promise<AdminAuditEntry[]> {
  return client.request({
    method: 'GET',
    path: encodePath`/admin/audit/${entityType}/${String(entityId)}`,
    schema: () => adminContracts().then((m) => m.adminAuditList),
    signal,
  });
}

/** Query options for {@link getAdminAudit}. */
export function getAdminAuditQueryOptions(client: ApiClient, entityType: AdminEntityType, entityId: number) {
  return queryOptions({
    queryKey: adminUsersKeys.audit(entityType, entityId),
    queryFn: ({ signal }) => getAdminAudit(client, entityType, entityId, signal),
  });
}

/** The audit history of one entity. */
export function useAdminAudit(entityType: AdminEntityType, entityId: number) {
  return useQuery(getAdminAuditQueryOptions(useApiClient(), entityType, entityId));
}
