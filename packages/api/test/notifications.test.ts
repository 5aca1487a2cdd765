import { setupServer } from 'msw/node';
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, isApiRequestError } from '@servicedesk/api/client';
import { createHandlers } from '@servicedesk/api/handlers';
import {
  getHeaderNotifications,
  headerNotificationsInfiniteOptions,
} from '@servicedesk/api/notifications/get-header-notifications';
import { getHeaderNotificationById } from '@servicedesk/api/notifications/get-header-notification-by-id';
import { readHeaderNotificationById } from '@servicedesk/api/notifications/read-header-notification-by-id';
import { readAllHeaderNotifications } from '@servicedesk/api/notifications/read-all-header-notifications';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => server.resetHandlers(...createHandlers()));
afterAll(() => server.close());

const api = createApiClient({ baseUrl: 'http://api.test/api', getToken: () => 'token' });

describe('header notification endpoints against the mocks', () => {
  it('pages the Unread tab 10 at a time newest first, with the counts, and loads more through the infinite options', async () => {
    const first = await getHeaderNotifications(api, { skipCount: 0, isRead: false });
    expect(first).toMatchObject({ totalCnt: 12, unreadCnt: 12 });
    expect(first.notifications.map((n) => n.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const qc = new QueryClient();
    const opts = headerNotificationsInfiniteOptions(api, false);
    const data = await qc.fetchInfiniteQuery(opts);
    expect(opts.getNextPageParam(data.pages[0]!, data.pages, 0, [0])).toBe(10);
    const second = await getHeaderNotifications(api, { skipCount: 10, isRead: false });
    expect(second.notifications.map((n) => n.id)).toEqual([11, 12]);
    expect(opts.getNextPageParam(second, [first, second], 10, [0, 10])).toBeUndefined();
  });

  it('searches by user name, reads one, reads all, and fetches a pushed id', async () => {
    const found = await getHeaderNotifications(api, { skipCount: 0, isRead: false, search: 'leyla' });
    expect(found.notifications.every((n) => n.userName === 'Leyla Hüseynova')).toBe(true);
    expect(found.totalCnt).toBe(4);
    expect(await readHeaderNotificationById(api, 1)).toEqual({ ok: true });
    expect((await getHeaderNotifications(api, { skipCount: 0, isRead: true })).notifications[0]?.id).toBe(1);
    expect((await getHeaderNotificationById(api, 100)).desc).toBe('notifications.passwordChanged');
    expect((await getHeaderNotifications(api, { skipCount: 0, isRead: false })).unreadCnt).toBe(12);
    await readAllHeaderNotifications(api);
    expect(await getHeaderNotifications(api, { skipCount: 0, isRead: false })).toMatchObject({ unreadCnt: 0, totalCnt: 0 });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = await getHeaderNotificationById(api, 999).catch((e: unknown) => e);
    expect(isApiRequestError(error) && error.status).toBe(404);
  });
});
