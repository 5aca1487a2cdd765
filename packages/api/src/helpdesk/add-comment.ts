import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type {
  AddHelpdeskCommentInput,
  HelpdeskComment,
  HelpdeskRequestDetail,
} from '@servicedesk/contracts';
import { encodePath, type ApiClient } from '../client';
import type { ApiRequestError } from '../errors';
import { useApiClient } from '../provider';
import { helpdeskKeys } from './helpdesk-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const helpdeskContracts = () => import('@servicedesk/contracts/helpdesk');

/**
 * POST /api/helpdesk/requests/{id}/comments { text, mentionedUserIds } → HelpdeskComment (issue #6
 * "comment"): anyone who may see the request. The mentioned users and the others involved are
 * notified. 400 `validationError` (empty text), 404, 403 as the detail.
 */
export function addRequestComment(client: ApiClient, id: number, input: AddHelpdeskCommentInput): Promise<HelpdeskComment> {
  return client.request({ method: 'POST', path: encodePath`/helpdesk/requests/${id}/comments`, body: input, schema: () => helpdeskContracts().then((m) => m.helpdeskComment) });
}

/** What {@link useAddRequestComment} takes. */
export interface AddCommentVariables extends AddHelpdeskCommentInput {
  id: number;
}

/** Mutation for {@link addRequestComment}: appends the comment to the cached detail at once, then refreshes it. */
export function useAddRequestComment(options?: Omit<UseMutationOptions<HelpdeskComment, ApiRequestError, AddCommentVariables>, 'mutationFn'>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ id, ...input }: AddCommentVariables) => addRequestComment(client, id, input),
    onSuccess: async (...args) => {
      const [comment, { id }] = args;
      queryClient.setQueryData<HelpdeskRequestDetail>(helpdeskKeys.detail(id), (old) =>
        old && !old.comments.some((c) => c.id === comment.id) ? { ...old, comments: [...old.comments, comment] } : old,
      );
      await queryClient.invalidateQueries({ queryKey: helpdeskKeys.detail(id) });
      return options?.onSuccess?.(...args);
    },
  });
}
