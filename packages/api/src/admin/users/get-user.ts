import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserDetail } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../../client';
import { useApiClient } from '../../provider';
import { adminUsersKeys } from './users-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const adminContracts = () => import('@servicedesk/contracts/admin');

/**
 * GET /api/admin/users/{id} (issue #5) → the user's row plus groups and updatedAt.
 * 404 `notFound`; 403 `forbidden` without `admin.users`.
 */
export function getUser(client: ApiClient, id: number, signal?: AbortSignal): Promise<AdminUserDetail> {
  return client.request({ method: 'GET', path: encodePath`/admin/users/${String(id)}`, schema: () => adminContracts().then((m) => m.adminUserDetail), signal });
}

/** Query options for {@link getUser}. */
export function getUserQueryOptions(client: ApiClient, id: number) {
  return queryOptions({ queryKey: adminUsersKeys.detail(id), queryFn: ({ signal }) => getUser(client, id, signal) });
}

/** One user's details (disabled while `id` is null). */
export function useUser(id: number | null) {
  const client = useApiClient();
  return useQuery({ ...getUserQueryOptions(client, id ?? 0), enabled: id !== null });
}
