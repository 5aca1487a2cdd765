import { count, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';
import type { NewNotification } from './notifications.repository';

/** How many demo notifications each demo user receives: unread first, then read. */
export const DEMO_UNREAD_PER_USER = 12;
export const DEMO_READ_PER_USER = 3;

const templates: Omit<NewNotification, 'userId' | 'actorUserId'>[] = [
  { descKey: 'notifications.requestAssigned', params: { requestNo: 1042, title: 'Printer on 3rd floor' }, redirectUrl: '/home/helpdesk/requests' },
  { descKey: 'notifications.approvalWaiting', params: { requestNo: 1043 }, redirectUrl: '/home/inventory/requests' },
  { descKey: 'notifications.requestApproved', params: { requestNo: 1038 }, redirectUrl: '/home/helpdesk/requests' },
  { descKey: 'notifications.requestRejected', params: { requestNo: 1031 }, redirectUrl: '/home/helpdesk/requests' },
  { descKey: 'notifications.requestReturned', params: { requestNo: 1029 }, redirectUrl: '/home/helpdesk/requests' },
  { descKey: 'notifications.mentioned', params: { title: 'Office move plan' }, redirectUrl: '/home/news' },
  { descKey: 'notifications.commented', params: { title: 'Laptop for a new colleague' }, redirectUrl: '/home/helpdesk/requests' },
  { descKey: 'notifications.contractEnding', params: { contractNo: 'C-2024-17', days: 14 }, redirectUrl: '/home/contracts' },
];

/**
 * Gives every demo user that has no notification yet a demo set (DOMAIN.md "Demo data"):
 * {@link DEMO_UNREAD_PER_USER} unread and {@link DEMO_READ_PER_USER} read, one hour apart, caused
 * by other demo users. Idempotent: a user with any notification is left alone. Runs inside the
 * seed's locked transaction.
 */
export async function seedNotifications(tx: Db, demoEmails: readonly string[]): Promise<void> {
  const people = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, [...demoEmails]))
    .orderBy(users.id);
  if (people.length === 0) return;
  const have = await tx
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(inArray(notifications.userId, people.map((p) => p.id)))
    .groupBy(notifications.userId);
  const seeded = new Set(have.filter((h) => h.n > 0).map((h) => h.userId));
  const now = Date.now();
  const rows: (NewNotification & { isRead: boolean; createdAt: Date; readAt: Date | null })[] = [];
  for (const [index, person] of people.entries()) {
    if (seeded.has(person.id)) continue;
    const total = DEMO_UNREAD_PER_USER + DEMO_READ_PER_USER;
    for (let i = 0; i < total; i++) {
      const template = templates[i % templates.length]!;
      const actor = people[(index + 1 + i) % people.length]!;
      const createdAt = new Date(now - (i + 1) * 3_600_000);
      const isRead = i >= DEMO_UNREAD_PER_USER;
      rows.push({ ...template, userId: person.id, actorUserId: actor.id === person.id ? null : actor.id, isRead, createdAt, readAt: isRead ? createdAt : null });
    }
  }
  if (rows.length > 0) await tx.insert(notifications).values(rows);
}
