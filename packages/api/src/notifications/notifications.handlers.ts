import { http, HttpResponse } from 'msw';
import {
  NOTIFICATION_PAGE_SIZE,
  getHeaderNotificationsInput,
  getHeaderNotificationsResponse,
  notification,
  type Notification,
} from '@servicedesk/contracts';
import { apiPath, errorResponse, validationErrorResponse } from '../mock-utils';
import { notificationsFixture, pushedNotificationFixture } from './notifications.fixtures';

/**
 * MSW handlers of the header notifications with in-memory state, behaving like the server:
 * pages of 10 newest first per tab, search by user name (case-insensitive), read one (404 for
 * an unknown id), read all. `extra` notifications exist only by id until "pushed" (the
 * GetHeaderNotificationById of a pushed id finds them): by default the pushed fixture (id 100).
 */
export function createNotificationHandlers(
  notifications: Notification[] = notificationsFixture,
  extra: Notification[] = [pushedNotificationFixture],
) {
  const all = notifications.map((n) => ({ ...n }));
  const pending = new Map(extra.map((n) => [n.id, { ...n }]));
  const find = (id: number) => {
    const waiting = pending.get(id);
    if (waiting) {
      pending.delete(id);
      all.push(waiting);
    }
    return all.find((n) => n.id === id);
  };
  const byDate = (a: Notification, b: Notification) => b.createDate.localeCompare(a.createDate) || b.id - a.id;
  return [
    http.post(apiPath('/global/Layout/GetHeaderNotifications'), async ({ request }) => {
      const parsed = getHeaderNotificationsInput.safeParse(await request.json());
      if (!parsed.success) return validationErrorResponse(parsed.error.issues);
      const { skipCount, isRead, search } = parsed.data;
      const needle = search?.trim().toLocaleLowerCase() ?? '';
      const tab = all
        .filter((n) => n.isRead === isRead && n.userName.toLocaleLowerCase().includes(needle))
        .sort(byDate);
      return HttpResponse.json(
        getHeaderNotificationsResponse.parse({
          totalCnt: tab.length,
          unreadCnt: all.filter((n) => !n.isRead).length,
          notifications: tab.slice(skipCount, skipCount + NOTIFICATION_PAGE_SIZE),
        }),
      );
    }),
    http.get(apiPath('/global/Layout/GetHeaderNotificationById/:id'), ({ params }) => {
      const found = find(Number(params.id));
      return found ? HttpResponse.json(notification.parse(found)) : errorResponse(404, 'notFound', 'No such notification.');
    }),
    http.get(apiPath('/global/Layout/ReadHeaderNotificationById/:id'), ({ params }) => {
      const found = find(Number(params.id));
      if (!found) return errorResponse(404, 'notFound', 'No such notification.');
      found.isRead = true;
      return HttpResponse.json({ ok: true });
    }),
    http.get(apiPath('/global/Layout/ReadAllHeaderNotifications'), () => {
      for (const n of all) n.isRead = true;
      return HttpResponse.json({ ok: true });
    }),
  ];
}
