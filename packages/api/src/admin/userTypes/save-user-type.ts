import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { UserTypeCopyInput, UserTypeDetail, UserTypeInput } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../../client';
import type { ApiRequestError } from '../../errors';
import { useApiClient } from '../../provider';
import { globalKeys } from '../../global/global-keys';
import { userTypesKeys } from './user-types-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const adminContracts = () => import('@servicedesk/contracts/admin');

/**
 * POST /api/admin/userTypes {names, grants} (issue #5) → the new type with its tree. 409
 * `nameTaken`, 422 `unknownAction` (details.keys), 400 `validationError`.
 */
export function createUserType(client: ApiClient, input: UserTypeInput): Promise<UserTypeDetail> {
  return client.request({ method: 'POST', path: '/admin/userTypes', body: input, schema: () => adminContracts().then((m) => m.userTypeDetail) });
}

/** PUT /api/admin/userTypes/{id} {names, grants} → the saved type. Errors as {@link createUserType}, plus 404. */
export function updateUserType(client: ApiClient, id: number, input: UserTypeInput): Promise<UserTypeDetail> {
  return client.request({ method: 'PUT', path: encodePath`/admin/userTypes/${String(id)}`, body: input, schema: () => adminContracts().then((m) => m.userTypeDetail) });
}

/** POST /api/admin/userTypes/{id}/copy {names} → a new type with every grant of type `id`. 409 `nameTaken`, 404. */
export function copyUserType(client: ApiClient, id: number, input: UserTypeCopyInput): Promise<UserTypeDetail> {
  return client.request({ method: 'POST', path: encodePath`/admin/userTypes/${String(id)}/copy`, body: input, schema: () => adminContracts().then((m) => m.userTypeDetail) });
}

type Options<TVariables> = Omit<UseMutationOptions<UserTypeDetail, ApiRequestError, TVariables>, 'mutationFn'>;

/**
 * After a type changed: its detail from the answer, the list again, and the caller's own menus
 * and page permissions (the caller's type may be the one that changed).
 */
function useAfterSave() {
  const queryClient = useQueryClient();
  return async (saved: UserTypeDetail) => {
    queryClient.setQueryData(userTypesKeys.detail(saved.id), saved);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: userTypesKeys.list() }),
      queryClient.invalidateQueries({ queryKey: globalKeys.menus() }),
      queryClient.invalidateQueries({ queryKey: globalKeys.permissions() }),
    ]);
  };
}

/** Mutation for {@link createUserType}. */
export function useCreateUserType(options?: Options<UserTypeInput>) {
  const client = useApiClient();
  const afterSave = useAfterSave();
  return useMutation({
    ...options,
    mutationFn: (input: UserTypeInput) => createUserType(client, input),
    onSuccess: async (...args) => {
      await afterSave(args[0]);
      return options?.onSuccess?.(...args);
    },
  });
}

/** Mutation for {@link updateUserType} (`{ id, input }`). */
export function useUpdateUserType(options?: Options<{ id: number; input: UserTypeInput }>) {
  const client = useApiClient();
  const afterSave = useAfterSave();
  return useMutation({
    ...options,
    mutationFn: ({ id, input }: { id: number; input: UserTypeInput }) => updateUserType(client, id, input),
    onSuccess: async (...args) => {
      await afterSave(args[0]);
      return options?.onSuccess?.(...args);
    },
  });
}

/** Mutation for {@link copyUserType} (`{ id, input }`). */
export function useCopyUserType(options?: Options<{ id: number; input: UserTypeCopyInput }>) {
  const client = useApiClient();
  const afterSave = useAfterSave();
  return useMutation({
    ...options,
    mutationFn: ({ id, input }: { id: number; input: UserTypeCopyInput }) => copyUserType(client, id, input),
    onSuccess: async (...args) => {
      await afterSave(args[0]);
      return options?.onSuccess?.(...args);
    },
  });
}
