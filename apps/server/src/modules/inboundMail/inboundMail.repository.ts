import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  helpdeskCategories,
  helpdeskComponents,
  helpdeskRequests,
  inboundMail,
  inboundMailRefusals,
  notifications,
  outbox,
  users,
  type InboundMailStatus,
} from '../../db/schema';

/*
 * The SQL of inbound mail (issue #38): its own tables (inbound_mail, inbound_mail_refusals) and
 * the look-ups a message needs in others' tables — who sent it, which of our mails it answers,
 * which request a number names, the component mailed requests are filed under.
 */

export type InboundRow = typeof inboundMail.$inferSelect;

/** The active user whose (case-insensitive) email is `address`, or undefined. */
export async function activeUserByEmail(db: Db, address: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, userTypeId: users.userTypeId, language: users.language, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${address.toLowerCase()}`, eq(users.isActive, true)));
  return row;
}

/** The active users among `addresses` (lower case), ids ascending. */
export async function activeUserIdsByEmail(db: Db, addresses: readonly string[]): Promise<number[]> {
  if (addresses.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(sql`lower(${users.email})`, [...addresses]), eq(users.isActive, true)))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

/**
 * Starts the row of a message: answers its id, or null when a message with this key was seen
 * already (a unique key: the same message is never handled twice, whoever reads it).
 */
export async function startMessage(db: Db, values: typeof inboundMail.$inferInsert): Promise<number | null> {
  const [row] = await db.insert(inboundMail).values(values).onConflictDoNothing({ target: inboundMail.messageKey }).returning({ id: inboundMail.id });
  return row?.id ?? null;
}

/** The row of message key `key`. */
export async function findByKey(db: Db, key: string): Promise<InboundRow | undefined> {
  const [row] = await db.select().from(inboundMail).where(eq(inboundMail.messageKey, key));
  return row;
}

/** Records where message `id` ended. */
export async function finishMessage(
  db: Db,
  id: number,
  set: { status: InboundMailStatus; outcome: string; reason?: string | null; userId?: number | null; recordKind?: string | null; recordId?: number | null; folder?: string | null; details?: Record<string, unknown> | null },
  now = new Date(),
): Promise<void> {
  await db.update(inboundMail).set({ ...set, updatedAt: now }).where(eq(inboundMail.id, id));
}

/** Records the folder message `id` was moved to. */
export async function setFolder(db: Db, id: number, folder: string): Promise<void> {
  await db.update(inboundMail).set({ folder }).where(eq(inboundMail.id, id));
}

/** The first of `messageIds` that a message we processed into a record had as its Message-ID, with that record. */
export async function recordOfReceived(db: Db, messageIds: readonly string[]): Promise<{ recordKind: string; recordId: number } | null> {
  if (messageIds.length === 0) return null;
  const rows = await db
    .select({ messageId: inboundMail.messageId, recordKind: inboundMail.recordKind, recordId: inboundMail.recordId })
    .from(inboundMail)
    .where(and(inArray(inboundMail.messageId, [...messageIds]), isNotNull(inboundMail.recordId), eq(inboundMail.status, 'processed')));
  for (const id of messageIds) {
    const row = rows.find((r) => r.messageId === id);
    if (row?.recordKind && row.recordId !== null) return { recordKind: row.recordKind, recordId: row.recordId };
  }
  return null;
}

/**
 * What our mails `outboxIds` were about, in their order: the link of the notification each one
 * carried (outbox.payload.notificationId → notifications.redirect_url) or the record an answer of
 * ours named (payload.recordKind / recordId).
 */
export async function linksOfSent(db: Db, outboxIds: readonly number[]): Promise<{ outboxId: number; redirectUrl: string | null; recordKind: string | null; recordId: number | null }[]> {
  if (outboxIds.length === 0) return [];
  const rows = await db
    .select({ id: outbox.id, payload: outbox.payload, redirectUrl: notifications.redirectUrl })
    .from(outbox)
    .leftJoin(notifications, sql`${notifications.id} = case when jsonb_typeof(${outbox.payload} -> 'notificationId') = 'number' then (${outbox.payload} ->> 'notificationId')::int end`)
    .where(and(inArray(outbox.id, [...outboxIds]), eq(outbox.channel, 'mail')));
  return outboxIds.flatMap((id) => {
    const row = rows.find((r) => r.id === id);
    if (!row) return [];
    const payload = (row.payload ?? {}) as { recordKind?: unknown; recordId?: unknown };
    return [
      {
        outboxId: id,
        redirectUrl: row.redirectUrl,
        recordKind: typeof payload.recordKind === 'string' ? payload.recordKind : null,
        recordId: typeof payload.recordId === 'number' ? payload.recordId : null,
      },
    ];
  });
}

/** The id of help-desk request `number` (HD-YYYY-NNNNNN), or null. */
export async function requestIdByNumber(db: Db, number: string): Promise<number | null> {
  const [row] = await db.select({ id: helpdeskRequests.id }).from(helpdeskRequests).where(eq(helpdeskRequests.number, number));
  return row?.id ?? null;
}

/**
 * The component a mailed request is filed under: `configured` (a component's code, or its id)
 * when it names an active one; unset → the first active component that needs no approval, in the
 * order the new-request form lists them (category, then component order). Null when none fits.
 */
export async function inboundComponentId(db: Db, configured: string | null): Promise<number | null> {
  const active = and(eq(helpdeskComponents.isActive, true), eq(helpdeskCategories.isActive, true));
  const base = db.select({ id: helpdeskComponents.id }).from(helpdeskComponents).innerJoin(helpdeskCategories, eq(helpdeskCategories.id, helpdeskComponents.categoryId));
  if (configured) {
    const byId = /^\d{1,9}$/.test(configured) ? eq(helpdeskComponents.id, Number(configured)) : eq(helpdeskComponents.code, configured);
    const [row] = await base.where(and(active, byId));
    return row?.id ?? null;
  }
  const [row] = await base
    .where(and(active, eq(helpdeskComponents.requiresApproval, false)))
    .orderBy(asc(helpdeskCategories.sortOrder), asc(helpdeskCategories.id), asc(helpdeskComponents.sortOrder), asc(helpdeskComponents.id))
    .limit(1);
  return row?.id ?? null;
}

/** Takes `address`'s refusal of `day` (YYYY-MM-DD): true when none was sent that day yet (one statement, so two readers never both answer). */
export async function takeRefusal(db: Db, address: string, day: string): Promise<boolean> {
  const rows = await db.insert(inboundMailRefusals).values({ address, day }).onConflictDoNothing().returning({ address: inboundMailRefusals.address });
  return rows.length === 1;
}

/** A page of messages, newest first, optionally of one status, with the total and the count of every status. */
export async function listMessages(db: Db, status: InboundMailStatus | undefined, page: number, pageSize: number) {
  const where = status ? eq(inboundMail.status, status) : undefined;
  const [rows, totals, byStatus] = await Promise.all([
    db.select().from(inboundMail).where(where).orderBy(desc(inboundMail.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(inboundMail).where(where),
    db.select({ status: inboundMail.status, n: sql<number>`count(*)::int` }).from(inboundMail).groupBy(inboundMail.status),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0), byStatus };
}
