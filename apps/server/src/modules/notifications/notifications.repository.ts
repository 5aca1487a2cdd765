import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NotificationParams } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';

/** A row to insert: one recipient, one translation key with its parameters. */
export interface NewNotification {
  userId: number;
  actorUserId: number | null;
  descKey: string;
  params: NotificationParams | null;
  redirectUrl: string | null;
}

const actor = alias(users, 'actor');
const recipient = alias(users, 'recipient');

/** The columns of a listed notification: the causing user (the recipient when none) joined in. */
const listed = {
  id: notifications.id,
  userId: notifications.userId,
  firstName: sql<string>`coalesce(${actor.firstName}, ${recipient.firstName})`,
  lastName: sql<string>`coalesce(${actor.lastName}, ${recipient.lastName})`,
  imgPath: sql<string | null>`coalesce(${actor.imgPath}, ${recipient.imgPath})`,
  createdAt: notifications.createdAt,
  descKey: notifications.descKey,
  params: notifications.params,
  isRead: notifications.isRead,
  redirectUrl: notifications.redirectUrl,
};
export type ListedNotificationRow = {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  imgPath: string | null;
  createdAt: Date;
  descKey: string;
  params: NotificationParams | null;
  isRead: boolean;
  redirectUrl: string | null;
};

/** Inserts the rows and answers their ids in the same order. */
export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<{ id: number; userId: number }[]> {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning({ id: notifications.id, userId: notifications.userId });
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of a user's notifications in one tab (newest first), with the tab's matching total. */
export async function pageOfUser(
  db: Db,
  userId: number,
  isRead: boolean,
  search: string | undefined,
  offset: number,
  limit: number,
): Promise<{ rows: ListedNotificationRow[]; total: number }> {
  const name = sql`coalesce(${actor.firstName}, ${recipient.firstName}) || ' ' || coalesce(${actor.lastName}, ${recipient.lastName})`;
  const where = and(
    eq(notifications.userId, userId),
    eq(notifications.isRead, isRead),
    search ? ilike(name, `%${escapeLike(search)}%`) : undefined,
  );
  const base = () =>
    db
      .select(listed)
      .from(notifications)
      .innerJoin(recipient, eq(recipient.id, notifications.userId))
      .leftJoin(actor, eq(actor.id, notifications.actorUserId));
  const rows = await base()
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(notifications)
    .innerJoin(recipient, eq(recipient.id, notifications.userId))
    .leftJoin(actor, eq(actor.id, notifications.actorUserId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** How many unread notifications the user has. */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

/** The user's own notification with this id, or null (someone else's is null too). */
export async function findOwn(db: Db, userId: number, id: number): Promise<ListedNotificationRow | null> {
  const [row] = await db
    .select(listed)
    .from(notifications)
    .innerJoin(recipient, eq(recipient.id, notifications.userId))
    .leftJoin(actor, eq(actor.id, notifications.actorUserId))
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row ?? null;
}

/** Marks the user's own notification read; false when it is not theirs or does not exist. */
export async function markRead(db: Db, userId: number, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Marks all of the user's unread notifications read; answers how many changed. */
export async function markAllRead(db: Db, userId: number, at: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true, readAt: at })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}
