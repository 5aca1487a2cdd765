import {
  CHAT_MESSAGE_MAX_LENGTH,
  type ChatHistoryResponse,
  type ChatUnreadCounts,
} from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import type { ChatStore } from '../../hub';
import { HubException } from '../../hub/protocol';
import type { AppDeps, AuthUser } from '../../types';
import * as repo from './chat.repository';
import { notifyChatMentions } from './chat.mentions';

/** Options of {@link createDbChatStore}. */
export interface DbChatStoreOptions {
  /** The app's deps: with them, a saved message that @mentions users notifies them (chat.mentions.ts). */
  deps?: AppDeps;
  /** Where a failed mention notification is logged (it never fails the send). */
  log?: { warn(obj: unknown, msg?: string): void };
}

/**
 * The database ChatStore the hub persists through (SPEC §7: SendMessageToUserByUserId saves the
 * message before delivering it). `save` trims the text and refuses a blank one or one longer
 * than 2000 characters with a HubException (the client sees its message); ids increase in save
 * order. With `options.deps`, a saved message's @mentions then notify the mentioned users
 * ({@link notifyChatMentions}). `conversation` pages newest first.
 */
export function createDbChatStore(db: Db, options: DbChatStoreOptions = {}): ChatStore {
  return {
    async save({ senderId, receiverId, message, createdAt }) {
      const text = message.trim();
      if (text === '') throw new HubException('The message is empty.');
      if (text.length > CHAT_MESSAGE_MAX_LENGTH)
        throw new HubException(`The message is longer than ${CHAT_MESSAGE_MAX_LENGTH} characters.`);
      const id = await repo.insertMessage(db, { senderId, receiverId, text, createdAt });
      if (options.deps) await notifyChatMentions(options.deps, { senderId, text }, options.log);
      return id;
    },
    async conversation(userA, userB, { beforeId, limit = 50 } = {}) {
      const rows = await repo.conversation(db, userA, userB, { beforeId, limit });
      return rows.map(({ text, ...rest }) => ({ ...rest, message: text }));
    },
  };
}

/**
 * GET /api/chat/history: the caller's conversation with `partnerId`, newest first, `take`
 * messages older than `beforeId` (SPEC §4 "earlier messages load when a conversation opens").
 * One extra row is read to tell `hasMore`.
 */
export async function history(
  deps: AppDeps,
  user: AuthUser,
  query: { partnerId: number; beforeId?: number; take: number },
): Promise<ChatHistoryResponse> {
  const rows = await repo.conversation(deps.db, user.id, query.partnerId, {
    beforeId: query.beforeId,
    limit: query.take + 1,
  });
  return {
    messages: rows.slice(0, query.take).map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
    hasMore: rows.length > query.take,
  };
}

/** POST /api/chat/markRead: every message the partner sent the caller is read from now on. */
export async function markRead(deps: AppDeps, user: AuthUser, partnerId: number, now = new Date()): Promise<void> {
  await repo.markRead(deps.db, user.id, partnerId, now);
}

/** Unread messages sent to the caller, per sender (GET /api/chat/unreadCounts, getUserLists). */
export async function unreadCounts(deps: Pick<AppDeps, 'db'>, userId: number): Promise<ChatUnreadCounts> {
  return repo.unreadCounts(deps.db, userId);
}
