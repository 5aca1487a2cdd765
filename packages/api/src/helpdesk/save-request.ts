import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { HelpdeskRequestDetail, SaveHelpdeskRequestInput } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { helpdeskKeys } from './helpdesk-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const helpdeskContracts = () => import('@servicedesk/contracts/helpdesk');

/**
 * POST /api/helpdesk/requests/save (SPEC §7 "save") SaveHelpdeskRequestInput → HelpdeskRequestDetail.
 * Without `id` creates a request (the caller is the requester, the group comes from the
 * component, the due time from the priority); with `id` edits it — only its requester, only
 * while NEW (403 `forbidden` / 422 `requestNotEditable`). `fileIds` are uploads of type
 * `helpdeskRequest`; `mentionedUserIds` are notified. 422 for an unknown or inactive component
 * or location, 400 `validationError` for a bad body, 403 without `helpdesk.requests.create`.
 */
export function saveRequest(client: ApiClient, input: SaveHelpdeskRequestInput): Promise<HelpdeskRequestDetail> {
  return client.request({ method: 'POST', path: '/helpdesk/requests/save', body: input, schema: () => helpdeskContracts().then((m) => m.helpdeskRequestDetail) });
}

/**
 * Mutation for {@link saveRequest}: puts the answer in the detail cache and refreshes the lists,
 * pick lists and dashboard figures.
 */
export function useSaveRequest(options?: Omit<UseMutationOptions<HelpdeskRequestDetail, ApiRequestError, SaveHelpdeskRequestInput>, 'mutationFn'>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (input: SaveHelpdeskRequestInput) => saveRequest(client, input),
    onSuccess: async (...args) => {
      queryClient.setQueryData(helpdeskKeys.detail(args[0].request.id), args[0]);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: helpdeskKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: helpdeskKeys.picks() }),
        queryClient.invalidateQueries({ queryKey: helpdeskKeys.dashboard() }),
      ]);
      return options?.onSuccess?.(...args);
    },
  });
}
