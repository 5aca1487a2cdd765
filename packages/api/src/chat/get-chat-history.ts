import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ChatHistoryResponse } from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { useApiClient } from '../provider';
import { chatKeys } from './chat-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const chatContracts = () => import('@servicedesk/contracts/chat');

/** Messages per history page the chat asks for. */
export const CHAT_PAGE_SIZE = 20;

/**
 * GET /api/chat/history (ours, SPEC §4 "Chat"): one page of the caller's conversation with
 * `partnerId`, newest first; `beforeId` = the oldest id already shown asks for earlier messages.
 * `take` 1–50 (default 20). Errors: 400 validationError, 401.
 */
export function getChatHistory(
  client: ApiClient,
  input: { partnerId: number; beforeId?: number; take?: number },
  signal?: AbortSignal,
): Promise<ChatHistoryResponse> {
  const query = new URLSearchParams({ partnerId: String(input.partnerId) });
  if (input.beforeId !== undefined) query.set('beforeId', String(input.beforeId));
  query.set('take', String(input.take ?? CHAT_PAGE_SIZE));
  return client.request({ method: 'GET', path: `/chat/history?${query}`, schema: () => chatContracts().then((m) => m.chatHistoryResponse), signal });
}

/**
 * Infinite query of a conversation: page 1 is the newest; `fetchNextPage()` loads earlier
 * messages while `hasNextPage`.
 */
export function chatHistoryInfiniteOptions(client: ApiClient, partnerId: number) {
  return infiniteQueryOptions({
    queryKey: chatKeys.history(partnerId),
    queryFn: ({ pageParam, signal }) =>
      getChatHistory(client, { partnerId, beforeId: pageParam }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.messages.at(-1)?.id : undefined),
  });
}

/** The conversation with `partnerId` (null = none open: the query stays idle). */
export function useChatHistory(partnerId: number | null) {
  const client = useApiClient();
  return useInfiniteQuery({
    ...chatHistoryInfiniteOptions(client, partnerId ?? 0),
    enabled: partnerId !== null,
  });
}
