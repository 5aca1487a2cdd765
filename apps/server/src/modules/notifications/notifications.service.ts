import type { GetHeaderNotificationsInput, GetHeaderNotificationsResponse, Notification, NotificationParams } from '@servicedesk/contracts';
import { NOTIFICATION_PAGE_SIZE } from '@servicedesk/contracts';
import { notFound } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import * as repo from './notifications.repository';
import type { WarnLogger } from '../../lib/log';
import { fanOut } from './notifications.fanout';

/** Sends `ReceiveNotification(notificationId)` to every connection of the users (the hub). */
export type NotificationPusher = (userIds: readonly number[], notificationId: number) => Promise<void>;

const pushers = new WeakMap<AppDeps, NotificationPusher>();

/**
 * Connects `notify` of this app to the real-time push (the notifications routes do it with
 * `app.hub.notifyUsers`). Without one, notifications are only stored.
 */
export function setNotificationPusher(deps: AppDeps, pusher: NotificationPusher | null): void {
  if (pusher) pushers.set(deps, pusher);
  else pushers.delete(deps);
}

/** Minimal logger shape `notify` reports push failures to. */
/**
 * Creates one notification per recipient (DOMAIN.md "Notifications") and pushes each id to its
 * recipient over the hub when one is registered (a failed or missing push never fails the
 * caller: the notification is stored and listed anyway). The one entry point every module calls.
 * Then writes the recipients' mail / WhatsApp outbox rows and digest items by their notification
 * preferences (notifications.fanout.ts, issue #38; a failure is logged, never thrown).
 *
 * @param userIds recipients (duplicates are ignored)
 * @param key translation key under `notifications.*`, e.g. `notifications.passwordChanged`
 * @param params the key's `{{placeholder}}` values — plain text, never HTML
 * @param redirectUrl what clicking it opens (an app path such as `/user/profile`), or null
 * @param actorUserId who caused it (shown with name and avatar); omitted = the recipient
 * @returns the created notification ids, in the order of the distinct recipients
 */
export async function notify(
  deps: AppDeps,
  userIds: readonly number[],
  key: string,
  params: NotificationParams | null = null,
  redirectUrl: string | null = null,
  actorUserId: number | null = null,
  log?: WarnLogger,
): Promise<number[]> {
  const recipients = [...new Set(userIds)];
  const created = await repo.insertNotifications(
    deps.db,
    recipients.map((userId) => ({ userId, actorUserId, descKey: key, params, redirectUrl })),
  );
  // Mail and WhatsApp by each recipient's preferences (issue #38); never fails the caller.
  try {
    await fanOut(deps.db, deps.config, created, key, params, redirectUrl);
  } catch (error) {
    log?.warn({ err: error, key }, 'notifications: writing the mail/WhatsApp rows failed');
  }
  const push = pushers.get(deps);
  if (push) {
    await Promise.all(
      created.map(async (row) => {
        try {
          await push([row.userId], row.id);
        } catch (error) {
          log?.warn({ err: error, notificationId: row.id }, 'notifications: push failed');
        }
      }),
    );
  }
  return created.map((row) => row.id);
}

const toNotification = (row: repo.ListedNotificationRow): Notification => ({
  id: row.id,
  userId: row.userId,
  userName: `${row.firstName} ${row.lastName}`,
  userImg: row.imgPath,
  createDate: row.createdAt.toISOString(),
  desc: row.descKey,
  jsonData: row.params,
  isRead: row.isRead,
  redirectUrl: row.redirectUrl,
});

/** SPEC §7 GetHeaderNotifications: a page of 10 of the caller's own, newest first, with the counts. */
export async function getHeaderNotifications(
  deps: AppDeps,
  user: AuthUser,
  input: GetHeaderNotificationsInput,
): Promise<GetHeaderNotificationsResponse> {
  const search = input.search?.trim() || undefined;
  const [{ rows, total }, unread] = await Promise.all([
    repo.pageOfUser(deps.db, user.id, input.isRead, search, input.skipCount, NOTIFICATION_PAGE_SIZE),
    repo.unreadCount(deps.db, user.id),
  ]);
  return { totalCnt: total, unreadCnt: unread, notifications: rows.map(toNotification) };
}

/** SPEC §7 GetHeaderNotificationById: the caller's own; 404 for an unknown or someone else's id. */
export async function getHeaderNotification(deps: AppDeps, user: AuthUser, id: number): Promise<Notification> {
  const row = await repo.findOwn(deps.db, user.id, id);
  if (!row) throw notFound('No such notification.');
  return toNotification(row);
}

/** SPEC §7 ReadHeaderNotificationById: marks the caller's own read (idempotent); 404 otherwise. */
export async function readHeaderNotification(deps: AppDeps, user: AuthUser, id: number): Promise<void> {
  if (!(await repo.markRead(deps.db, user.id, id, new Date()))) throw notFound('No such notification.');
}

/** SPEC §7 ReadAllHeaderNotifications: marks all the caller's unread read; answers how many. */
export async function readAllHeaderNotifications(deps: AppDeps, user: AuthUser): Promise<number> {
  return repo.markAllRead(deps.db, user.id, new Date());
}
