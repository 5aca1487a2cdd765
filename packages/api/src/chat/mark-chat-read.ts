import { useMutation } from '@tanstack/react-query';
import type { ChatMarkReadInput, OkResponse } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const errorsContracts = () => import('@servicedesk/contracts/errors');

/**
 * POST /api/chat/markRead { partnerId } (ours, SPEC §4 "opening or collapsing resets that
 * user's unread count"): what the partner sent the caller is read. Errors: 400, 401.
 */
export function markChatRead(client: ApiClient, input: ChatMarkReadInput): Promise<OkResponse> {
  return client.request({ method: 'POST', path: '/chat/markRead', body: input, schema: () => errorsContracts().then((m) => m.okResponse) });
}

/** Mutation for {@link markChatRead}. The caller resets the count in its own list state. */
export function useMarkChatRead() {
  const client = useApiClient();
  return useMutation({ mutationFn: (input: ChatMarkReadInput) => markChatRead(client, input) });
}
