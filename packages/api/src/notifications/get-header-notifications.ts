import { infiniteQueryOptions } from '@tanstack/react-query';
import {
  NOTIFICATION_PAGE_SIZE,
  type GetHeaderNotificationsInput,
  type GetHeaderNotificationsResponse,
} from '@servicedesk/contracts';
import type { ApiClient } from '../client';
import { notificationKeys } from './notification-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const notificationsContracts = () => import('@servicedesk/contracts/notifications');

/**
 * POST /api/global/Layout/GetHeaderNotifications { skipCount, isRead, search? } (SPEC §7, §3):
 * ten of the caller's notifications in the Unread (isRead false) or Read tab, newest first;
 * `totalCnt` = that tab's matching total, `unreadCnt` = the badge. Errors: 400, 401.
 */
export function getHeaderNotifications(
  client: ApiClient,
  input: GetHeaderNotificationsInput,
  signal?: AbortSignal,
): Promise<GetHeaderNotificationsResponse> {
  return client.request({
    method: 'POST',
    path: '/global/Layout/GetHeaderNotifications',
    body: input,
    schema: () => notificationsContracts().then((m) => m.getHeaderNotificationsResponse),
    signal,
  });
}

/** Infinite query of one tab: `fetchNextPage()` is the tab's load-more while `hasNextPage`. */
export function headerNotificationsInfiniteOptions(client: ApiClient, isRead: boolean, search = '') {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(isRead, search),
    queryFn: ({ pageParam, signal }) =>
      getHeaderNotifications(client, { skipCount: pageParam, isRead, ...(search ? { search } : {}) }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.length * NOTIFICATION_PAGE_SIZE;
      return shown < last.totalCnt ? shown : undefined;
    },
  });
}
