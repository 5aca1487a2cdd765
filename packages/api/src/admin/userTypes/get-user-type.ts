import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserTypeDetail } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../../client';
import { useApiClient } from '../../provider';
import { userTypesKeys } from './user-types-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const adminContracts = () => import('@servicedesk/contracts/admin');

/**
 * GET /api/admin/userTypes/{id} (issue #5) → the type plus the whole catalogue as a permission
 * tree (menu items with their element actions and submenus) flagged with this type's grants.
 * 404 `notFound`. Ask with id 0 for… nothing: use {@link useUserType}(null) for a new type.
 */
export function getUserType(client: ApiClient, id: number, signal?: AbortSignal): Promise<UserTypeDetail> {
  return client.request({ method: 'GET', path: encodePath`/admin/userTypes/${String(id)}`, schema: () => adminContracts().then((m) => m.userTypeDetail), signal });
}

/** Query options for {@link getUserType}. */
export function getUserTypeQueryOptions(client: ApiClient, id: number) {
  return queryOptions({ queryKey: userTypesKeys.detail(id), queryFn: ({ signal }) => getUserType(client, id, signal) });
}

/** One user type with its permission tree (disabled while `id` is null). */
export function useUserType(id: number | null) {
  const client = useApiClient();
  return useQuery({ ...getUserTypeQueryOptions(client, id ?? 0), enabled: id !== null });
}
