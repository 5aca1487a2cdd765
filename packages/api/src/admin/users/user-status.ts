import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type {
  AdminResetPasswordInput,
  AdminResetPasswordResponse,
  OkResponse,
} from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../../client';
import type { ApiRequestError } from '../../errors';
import { useApiClient } from '../../provider';
import { adminUsersKeys } from './users-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const adminContracts = () => import('@servicedesk/contracts/admin');
const errorsContracts = () => import('@servicedesk/contracts/errors');

/**
 * POST /api/global/deactivateElement {id, type: 'user', desc} (SPEC §3 "Deactivate element", §7):
 * the user can no longer sign in; `desc` is the reason (at least 10 characters, SPEC §5) kept in
 * the audit log. 422 `alreadyInactive` / `cannotDeactivateSelf`, 404, 403 without
 * `admin.users.deactivate`.
 */
export function deactivateUser(client: ApiClient, id: number, desc: string): Promise<OkResponse> {
  return client.request({
    method: 'POST',
    path: '/global/deactivateElement',
    body: { id, type: 'user', desc },
    schema: () => errorsContracts().then((m) => m.okResponse),
  });
}

/**
 * POST /api/admin/users/{id}/activate (issue #5 "reactivate") → `{ ok: true }`: the user may sign
 * in again. 404; 403 without `admin.users.reactivate`.
 */
export function activateUser(client: ApiClient, id: number): Promise<OkResponse> {
  return client.request({ method: 'POST', path: encodePath`/admin/users/${String(id)}/activate`, schema: () => errorsContracts().then((m) => m.okResponse) });
}

/**
 * POST /api/admin/users/{id}/resetPassword {password?} → `{ resetMailQueued }`: sets the given
 * password (SPEC §5 rules) or, without one, queues a reset link to the user's email.
 */
export function resetUserPassword(
  client: ApiClient,
  id: number,
  input: AdminResetPasswordInput = {},
): Promise<AdminResetPasswordResponse> {
  return client.request({
    method: 'POST',
    path: encodePath`/admin/users/${String(id)}/resetPassword`,
    body: input,
    schema: () => adminContracts().then((m) => m.adminResetPasswordResponse),
  });
}

type Options<TData, TVariables> = Omit<UseMutationOptions<TData, ApiRequestError, TVariables>, 'mutationFn'>;

/** Refreshes everything that shows the user `id` after a change of their status or password. */
function useRefreshUser() {
  const queryClient = useQueryClient();
  return (id: number) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminUsersKeys.lists() }),
      queryClient.invalidateQueries({ queryKey: adminUsersKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: adminUsersKeys.audit('user', id) }),
    ]);
}

/** Mutation for {@link deactivateUser} (`{ id, desc }`). */
export function useDeactivateUser(options?: Options<OkResponse, { id: number; desc: string }>) {
  const client = useApiClient();
  const refresh = useRefreshUser();
  return useMutation({
    ...options,
    mutationFn: ({ id, desc }: { id: number; desc: string }) => deactivateUser(client, id, desc),
    onSuccess: async (...args) => {
      await refresh(args[1].id);
      return options?.onSuccess?.(...args);
    },
  });
}

/** Mutation for {@link activateUser} (the user's id). */
export function useActivateUser(options?: Options<OkResponse, number>) {
  const client = useApiClient();
  const refresh = useRefreshUser();
  return useMutation({
    ...options,
    mutationFn: (id: number) => activateUser(client, id),
    onSuccess: async (...args) => {
      await refresh(args[1]);
      return options?.onSuccess?.(...args);
    },
  });
}

/** Mutation for {@link resetUserPassword} (`{ id, password? }`). */
export function useResetUserPassword(options?: Options<AdminResetPasswordResponse, { id: number; password?: string }>) {
  const client = useApiClient();
  const refresh = useRefreshUser();
  return useMutation({
    ...options,
    mutationFn: ({ id, password }: { id: number; password?: string }) =>
      resetUserPassword(client, id, password === undefined ? {} : { password }),
    onSuccess: async (...args) => {
      await refresh(args[1].id);
      return options?.onSuccess?.(...args);
    },
  });
}
