/*
 * Where chat messages are kept (issue #4: SendMessageToUserByUserId persists before it
 * delivers). The database table and the history endpoints come with the chat module; until then
 * the hub keeps messages in memory behind this interface.
 */

/** A chat message as the sender wrote it (text already trimmed and checked). */
export interface NewChatMessage {
  senderId: number;
  receiverId: number;
  message: string;
  createdAt: Date;
}

/** A stored chat message. */
export interface ChatMessage extends NewChatMessage {
  id: number;
}

/** Persists chat messages; a database implementation replaces the in-memory one later. */
export interface ChatStore {
  /** Stores the message and answers its id (increasing in the order messages were saved). */
  save(message: NewChatMessage): Promise<number>;
  /**
   * The conversation between two users, newest first: at most `limit` messages older than
   * `beforeId` (all when omitted).
   */
  conversation(
    userA: number,
    userB: number,
    options?: { beforeId?: number; limit?: number },
  ): Promise<ChatMessage[]>;
}

/** An in-memory ChatStore (one process; lost on restart). */
export function createMemoryChatStore(): ChatStore {
  const messages: ChatMessage[] = [];
  return {
    async save(message) {
      const id = messages.length + 1;
      messages.push({ ...message, id });
      return id;
    },
    async conversation(userA, userB, { beforeId = Number.POSITIVE_INFINITY, limit = 50 } = {}) {
      const result: ChatMessage[] = [];
      for (let i = messages.length - 1; i >= 0 && result.length < limit; i--) {
        const m = messages[i];
        if (!m || m.id >= beforeId) continue;
        if (
          (m.senderId === userA && m.receiverId === userB) ||
          (m.senderId === userB && m.receiverId === userA)
        )
          result.push(m);
      }
      return result;
    },
  };
}
