import { useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@servicedesk/api/provider';
import { getHeaderNotificationById } from '@servicedesk/api/notifications/get-header-notification-by-id';
import { helpdeskKeys } from '@servicedesk/api/helpdesk/helpdesk-keys';
import { useHubEvent } from '../../../realtime/RealtimeProvider';

/** Where help-desk notifications point (the server's requestUrl: /home/helpdesk/requests/{id}). */
export const HELPDESK_URL_PREFIX = '/home/helpdesk';

/**
 * Keeps what a help-desk screen shows up to date without a reload (issue #6 "visible … in every
 * user's list without a reload"): when the hub pushes ReceiveNotification(id) and that
 * notification's redirectUrl points into /home/helpdesk, every help-desk query (lists, details,
 * dashboard figures) is invalidated, so the mounted ones refetch. Other notifications are
 * ignored; a failed look-up refreshes anyway (better one refetch too many than a stale list).
 * The server's RecordChanged("helpdeskRequest", id) — sent to a request's requester, assignee and
 * group on every step, also those no notification is for (hub/record-presence.ts) — does the same.
 */
export function useHelpdeskLiveRefresh(): void {
  const client = useApiClient();
  const queryClient = useQueryClient();
  useHubEvent('RecordChanged', (kind) => {
    if (kind === 'helpdeskRequest') void queryClient.invalidateQueries({ queryKey: helpdeskKeys.all });
  });
  useHubEvent('ReceiveNotification', (id) => {
    if (!Number.isInteger(id)) return;
    getHeaderNotificationById(client, id)
      .then((n) => n.redirectUrl?.startsWith(HELPDESK_URL_PREFIX) ?? false)
      .catch(() => true)
      .then((refresh) => {
        if (refresh) void queryClient.invalidateQueries({ queryKey: helpdeskKeys.all });
      });
  });
}
