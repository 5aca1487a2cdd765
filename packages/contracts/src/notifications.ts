import { z } from 'zod';
import { idParam } from './validation';
export { NOTIFICATION_PAGE_SIZE } from './plain/notifications';

/**
 * Parameters of a notification text (SPEC §3 "Notification" jsonData, DOMAIN.md "Notifications"):
 * the values of the `{{placeholders}}` of the translation key in `desc`. Never HTML; the client
 * interpolates them into the translated text and sanitises the result.
 */
export const notificationParams = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type NotificationParams = z.infer<typeof notificationParams>;

/**
 * A header notification (SPEC §3). `userId` is the recipient; `userName`/`userImg` are the person
 * who caused it (the recipient themselves for their own account events); `desc` is a translation
 * key under `notifications.*`; `createDate` is an ISO 8601 instant.
 */
export const notification = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  userImg: z.string().nullable(),
  createDate: z.string().datetime(),
  desc: z.string(),
  jsonData: notificationParams.nullable(),
  isRead: z.boolean(),
  redirectUrl: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

/**
 * POST /api/global/Layout/GetHeaderNotifications payload (SPEC §3 "Notification request"):
 * `skipCount` rows already shown in that tab, `isRead` the tab (false = Unread, true = Read),
 * `search` (ours, optional) a part of the causing user's name.
 */
export const getHeaderNotificationsInput = z.object({
  skipCount: z.number().int().nonnegative(),
  isRead: z.boolean(),
  search: z.string().max(100).optional(),
});
export type GetHeaderNotificationsInput = z.infer<typeof getHeaderNotificationsInput>;

/**
 * The answer (SPEC §3 "Notification list response"): `totalCnt` = the caller's notifications in
 * that tab matching the search (for load more), `unreadCnt` = all of the caller's unread ones
 * (the badge), `notifications` = at most 10, newest first.
 */
export const getHeaderNotificationsResponse = z.object({
  totalCnt: z.number().int().nonnegative(),
  unreadCnt: z.number().int().nonnegative(),
  notifications: z.array(notification),
});
export type GetHeaderNotificationsResponse = z.infer<typeof getHeaderNotificationsResponse>;

/** `{id}` of GetHeaderNotificationById / ReadHeaderNotificationById. */
export const notificationIdParams = z.object({ id: idParam });
