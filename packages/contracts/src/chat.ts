import { z } from 'zod';
import { id, idParam, safeText } from './validation';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_HISTORY_MAX_TAKE } from './plain/chat';
export { CHAT_MESSAGE_MAX_LENGTH, CHAT_HISTORY_MAX_TAKE } from './plain/chat';

/**
 * A chat message's text as sent (SPEC §3 "Chat message (sent)"): trimmed, not blank, at most
 * {@link CHAT_MESSAGE_MAX_LENGTH} characters.
 */
export const chatText = safeText().trim().min(1).max(CHAT_MESSAGE_MAX_LENGTH);

/** A stored chat message between two users (SPEC §3 "Chat message"); `createdAt` is ISO 8601 UTC. */
export const chatMessage = z.object({
  id,
  senderId: id,
  receiverId: id,
  text: z.string(),
  createdAt: z.string().datetime(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/**
 * GET /api/chat/history query: the caller's conversation with `partnerId`, newest page first;
 * `beforeId` asks for the page of messages older than that message; `take` 1–50 (default 20).
 */
export const chatHistoryQuery = z.object({
  partnerId: idParam,
  beforeId: idParam.optional(),
  take: z.coerce.number().int().min(1).max(CHAT_HISTORY_MAX_TAKE).default(20),
});
export type ChatHistoryQuery = z.input<typeof chatHistoryQuery>;

/**
 * GET /api/chat/history answer: `messages` newest first (at most `take`); `hasMore` tells whether
 * earlier messages exist (ask again with `beforeId` = the last message's id).
 */
export const chatHistoryResponse = z.object({
  messages: z.array(chatMessage),
  hasMore: z.boolean(),
});
export type ChatHistoryResponse = z.infer<typeof chatHistoryResponse>;

/** POST /api/chat/markRead body: every message `partnerId` sent the caller becomes read. */
export const chatMarkReadInput = z.object({ partnerId: id });
export type ChatMarkReadInput = z.infer<typeof chatMarkReadInput>;

/** GET /api/chat/unreadCounts answer: unread messages per sender, only partners with some. */
export const chatUnreadCountsResponse = z.array(
  z.object({ partnerId: id, count: z.number().int().positive() }),
);
export type ChatUnreadCounts = z.infer<typeof chatUnreadCountsResponse>;
