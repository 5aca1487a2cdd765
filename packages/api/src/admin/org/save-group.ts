import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { GroupDetail, GroupInput } from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../../client';
import type { ApiRequestError } from '../../errors';
import { useApiClient } from '../../provider';
import { orgKeys } from './org-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const adminContracts = () => import('@servicedesk/contracts/admin');

/**
 * POST /api/admin/groups { name, members: {userId, isLead}[] } → GroupDetail. At most one lead
 * (400 `validationError` issue `oneLead`), a user once (`duplicateMember`); 422
 * `unknownReference` for a missing user; 409 `nameTaken`; 403 without `admin.org.manage`.
 */
export function createGroup(client: ApiClient, input: GroupInput): Promise<GroupDetail> {
  return client.request({ method: 'POST', path: '/admin/groups', body: input, schema: () => adminContracts().then((m) => m.groupDetail) });
}

/** PUT /api/admin/groups/{id} — the same body; the member list replaces the old one. Errors as create, plus 404. */
export function updateGroup(client: ApiClient, id: number, input: GroupInput): Promise<GroupDetail> {
  return client.request({ method: 'PUT', path: encodePath`/admin/groups/${id}`, body: input, schema: () => adminContracts().then((m) => m.groupDetail) });
}

/** Mutation creating (no `id`) or updating a group; refreshes the group lists and puts the answer in the detail cache. */
export function useSaveGroup(
  options?: Omit<UseMutationOptions<GroupDetail, ApiRequestError, GroupInput & { id?: number }>, 'mutationFn'>,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ id, ...input }: GroupInput & { id?: number }) =>
      id === undefined ? createGroup(client, input) : updateGroup(client, id, input),
    onSuccess: async (...args) => {
      queryClient.setQueryData(orgKeys.group(args[0].id), args[0]);
      await queryClient.invalidateQueries({ queryKey: orgKeys.groups() });
      return options?.onSuccess?.(...args);
    },
  });
}
