import { http, HttpResponse } from 'msw';
import {
  chatHistoryQuery,
  chatHistoryResponse,
  chatMarkReadInput,
  chatUnreadCountsResponse,
  type ChatMessage,
} from '@servicedesk/contracts';
import { apiPath, validationErrorResponse } from '../mock-utils';
import { chatConversationFixture, chatMeId } from './chat.fixtures';

/**
 * MSW handlers of the chat area, with in-memory state: history pages newest first from the
 * fixture (plus `addMessage`), markRead clears the partner's unread count. Pass `messages` to
 * start from another conversation set (the fixture user is id 1).
 */
export function createChatHandlers(messages: ChatMessage[] = chatConversationFixture) {
  const all = [...messages];
  const read = new Set<number>();
  return [
    http.get(apiPath('/chat/history'), ({ request }) => {
      const parsed = chatHistoryQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const { partnerId, beforeId, take } = parsed.data;
      const conv = all
        .filter(
          (m) =>
            ((m.senderId === chatMeId && m.receiverId === partnerId) ||
              (m.senderId === partnerId && m.receiverId === chatMeId)) &&
            (beforeId === undefined || m.id < beforeId),
        )
        .sort((a, b) => b.id - a.id);
      return HttpResponse.json(
        chatHistoryResponse.parse({ messages: conv.slice(0, take), hasMore: conv.length > take }),
      );
    }),
    http.post(apiPath('/chat/markRead'), async ({ request }) => {
      const parsed = chatMarkReadInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      for (const m of all) if (m.senderId === parsed.data.partnerId && m.receiverId === chatMeId) read.add(m.id);
      return HttpResponse.json({ ok: true });
    }),
    http.get(apiPath('/chat/unreadCounts'), () => {
      const counts = new Map<number, number>();
      for (const m of all)
        if (m.receiverId === chatMeId && !read.has(m.id)) counts.set(m.senderId, (counts.get(m.senderId) ?? 0) + 1);
      return HttpResponse.json(
        chatUnreadCountsResponse.parse([...counts].map(([partnerId, count]) => ({ partnerId, count }))),
      );
    }),
  ];
}
