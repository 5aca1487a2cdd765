import { and, count, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatMessages } from '../../db/schema';

/** A chat_messages row as the module reads it. */
export interface ChatRow {
  id: number;
  senderId: number;
  receiverId: number;
  text: string;
  createdAt: Date;
}

const columns = {
  id: chatMessages.id,
  senderId: chatMessages.senderId,
  receiverId: chatMessages.receiverId,
  text: chatMessages.text,
  createdAt: chatMessages.createdAt,
};

/** Inserts one message and answers its id (serial, so increasing in save order). */
export async function insertMessage(
  db: Db,
  message: { senderId: number; receiverId: number; text: string; createdAt: Date },
): Promise<number> {
  const [row] = await db.insert(chatMessages).values(message).returning({ id: chatMessages.id });
  if (!row) throw new Error('chat message insert returned no row');
  return row.id;
}

/**
 * The conversation between `userA` and `userB`, newest first: at most `limit` messages with an id
 * below `beforeId` (all ids when omitted).
 */
export async function conversation(
  db: Db,
  userA: number,
  userB: number,
  { beforeId, limit }: { beforeId?: number; limit: number },
): Promise<ChatRow[]> {
  const pair = or(
    and(eq(chatMessages.senderId, userA), eq(chatMessages.receiverId, userB)),
    and(eq(chatMessages.senderId, userB), eq(chatMessages.receiverId, userA)),
  );
  return db
    .select(columns)
    .from(chatMessages)
    .where(beforeId === undefined ? pair : and(pair, lt(chatMessages.id, beforeId)))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
}

/** Sets the read mark on every unread message `senderId` sent `receiverId`; answers how many. */
export async function markRead(db: Db, receiverId: number, senderId: number, at: Date): Promise<number> {
  const rows = await db
    .update(chatMessages)
    .set({ readAt: at })
    .where(
      and(
        eq(chatMessages.receiverId, receiverId),
        eq(chatMessages.senderId, senderId),
        isNull(chatMessages.readAt),
      ),
    )
    .returning({ id: chatMessages.id });
  return rows.length;
}

/** Unread messages sent to `receiverId`, counted per sender (only senders with some). */
export async function unreadCounts(db: Db, receiverId: number): Promise<{ partnerId: number; count: number }[]> {
  return db
    .select({ partnerId: chatMessages.senderId, count: count() })
    .from(chatMessages)
    .where(and(eq(chatMessages.receiverId, receiverId), isNull(chatMessages.readAt)))
    .groupBy(chatMessages.senderId)
    .orderBy(chatMessages.senderId);
}
