import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RevokedSessionsResponse, SignInLockResponse } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../../client';
import type { ApiRequestError } from '../../errors';
import { useApiClient } from '../../provider';
import { adminUsersKeys } from './users-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const authContracts = () => import('@servicedesk/contracts/auth');
const errorsContracts = () => import('@servicedesk/contracts/errors');

/** GET /api/admin/users/{id}/signInLock (issue #20): the account's sign-in throttle. Needs `admin.users`. */
export function getSignInLock(client: ApiClient, id: number, signal?: AbortSignal): Promise<SignInLockResponse> {
  return client.request({ method: 'GET', path: encodePath`/admin/users/${String(id)}/signInLock`, schema: () => authContracts().then((m) => m.signInLockResponse), signal });
}

/** Query options for {@link getSignInLock}. */
export function signInLockQueryOptions(client: ApiClient, id: number) {
  return queryOptions({ queryKey: adminUsersKeys.signInLock(id), queryFn: ({ signal }) => getSignInLock(client, id, signal) });
}

/** One user's sign-in lock (disabled while `id` is null). */
export function useSignInLock(id: number | null) {
  const client = useApiClient();
  return useQuery({ ...signInLockQueryOptions(client, id ?? 0), enabled: id !== null });
}

/** DELETE /api/admin/users/{id}/signInLock (issue #20): lifts the lock. Needs `admin.users.resetPassword`. */
export function liftSignInLock(client: ApiClient, id: number): Promise<{ ok: true }> {
  return client.request({ method: 'DELETE', path: encodePath`/admin/users/${String(id)}/signInLock`, schema: () => errorsContracts().then((m) => m.okResponse) });
}

/** POST /api/admin/users/{id}/signOutEverywhere (issue #20): ends every session of the user → { revoked }. */
export function signOutEverywhere(client: ApiClient, id: number): Promise<RevokedSessionsResponse> {
  return client.request({ method: 'POST', path: encodePath`/admin/users/${String(id)}/signOutEverywhere`, schema: () => authContracts().then((m) => m.revokedSessionsResponse) });
}

/** Mutation for {@link liftSignInLock}; refreshes the lock. */
export function useLiftSignInLock() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation<{ ok: true }, ApiRequestError, number>({
    mutationFn: (id) => liftSignInLock(client, id),
    onSettled: (_data, _error, id) => queryClient.invalidateQueries({ queryKey: adminUsersKeys.signInLock(id) }),
  });
}

/** Mutation for {@link signOutEverywhere}. */
export function useSignOutEverywhere() {
  const client = useApiClient();
  return useMutation<RevokedSessionsResponse, ApiRequestError, number>({ mutationFn: (id) => signOutEverywhere(client, id) });
}
