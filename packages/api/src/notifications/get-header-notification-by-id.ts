import { queryOptions } from '@tanstack/react-query';
import { encodePath, type ApiClient } from '../client';
import type { Notification } from '@servicedesk/contracts';
import { notificationKeys } from './notification-keys';

/** The contract schemas of the answers, loaded with the first call (zod stays out of the first paint, issue #19). */
const notificationsContracts = () => import('@servicedesk/contracts/notifications');

/**
 * GET /api/global/Layout/GetHeaderNotificationById/{id} (SPEC §7): one of the caller's own
 * notifications — what a pushed `ReceiveNotification` id is fetched with. Errors: 401, 404.
 */
export function getHeaderNotificationById(client: ApiClient, id: number, signal?: AbortSignal): Promise<Notification> {
  return client.request({
    method: 'GET',
    path: encodePath`/global/Layout/GetHeaderNotificationById/${id}`,
    schema: () => notificationsContracts().then((m) => m.notification),
    signal,
  });
}

/** Query options of {@link getHeaderNotificationById}. */
export function headerNotificationByIdOptions(client: ApiClient, id: number) {
  return queryOptions({
    queryKey: notificationKeys.byId(id),
    queryFn: ({ signal }) => getHeaderNotificationById(client, id, signal),
  });
}
