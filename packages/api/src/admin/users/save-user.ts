import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type {
  AdminUserCreateInput,
  AdminUserCreateResponse,
  AdminUserDetail,
  AdminUserUpdateInput,
} from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../../client';
import type { ApiRequestError } from '../../errors';
import { useApiClient } from '../../provider';
import { adminUsersKeys } from './users-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const adminContracts = () => import('@servicedesk/contracts/admin');

/**
 * POST /api/admin/users (issue #5) → `{ user, resetMailQueued }`. With a password the user signs
 * in with it; without, a reset link is queued for their email. 409 `emailTaken`, 422
 * `unknownReference` (position, location or user type), 400 `validationError`.
 */
export function createUser(client: ApiClient, input: AdminUserCreateInput): Promise<AdminUserCreateResponse> {
  return client.request({ method: 'POST', path: '/admin/users', body: input, schema: () => adminContracts().then((m) => m.adminUserCreateResponse) });
}

/** PUT /api/admin/users/{id} (issue #5): every editable field → the saved user. Errors as {@link createUser}, plus 404. */
export function updateUser(client: ApiClient, id: number, input: AdminUserUpdateInput): Promise<AdminUserDetail> {
  return client.request({ method: 'PUT', path: encodePath`/admin/users/${String(id)}`, body: input, schema: () => adminContracts().then((m) => m.adminUserDetail) });
}

/** Mutation for {@link createUser}; refreshes the users lists. */
export function useCreateUser(
  options?: Omit<UseMutationOptions<AdminUserCreateResponse, ApiRequestError, AdminUserCreateInput>, 'mutationFn'>,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (input: AdminUserCreateInput) => createUser(client, input),
    onSuccess: async (...args) => {
      queryClient.setQueryData(adminUsersKeys.detail(args[0].user.id), args[0].user);
      await queryClient.invalidateQueries({ queryKey: adminUsersKeys.lists() });
      return options?.onSuccess?.(...args);
    },
  });
}

/** Variables of {@link useUpdateUser}. */
export interface UpdateUserVariables {
  id: number;
  input: AdminUserUpdateInput;
}

/** Mutation for {@link updateUser}; writes the detail and refreshes the lists and the user's audit. */
export function useUpdateUser(
  options?: Omit<UseMutationOptions<AdminUserDetail, ApiRequestError, UpdateUserVariables>, 'mutationFn'>,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ id, input }: UpdateUserVariables) => updateUser(client, id, input),
    onSuccess: async (...args) => {
      queryClient.setQueryData(adminUsersKeys.detail(args[0].id), args[0]);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: adminUsersKeys.audit('user', args[0].id) }),
      ]);
      return options?.onSuccess?.(...args);
    },
  });
}
