import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@servicedesk/i18n';
import { NotificationDropdown, type NotificationDropdownItem } from '@servicedesk/ui/NotificationDropdown';
import type { Notification } from '@servicedesk/contracts';
import { numericDateTime } from '../shared/format';
import { loadNotificationSanitizer, notificationHtml, notificationSanitizerReady } from './notification-html';
import { useHeaderNotifications, useTitlePrefix } from './use-header-notifications';

/**
 * The top bar's notification bell (SPEC §2 "Top bar", §4 "Notifications"): the ui
 * NotificationDropdown fed by {@link useHeaderNotifications}, texts translated and sanitised,
 * and the page title prefixed with the unread count.
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const state = useHeaderNotifications();
  useTitlePrefix(state.unreadCount);
  // DOMPurify loads after the first paint; the texts are re-made with their markup once it is there.
  const [sanitizerReady, setSanitizerReady] = useState(notificationSanitizerReady);
  useEffect(() => {
    if (sanitizerReady) return undefined;
    let live = true;
    void loadNotificationSanitizer().then(() => live && setSanitizerReady(true));
    return () => {
      live = false;
    };
  }, [sanitizerReady]);

  const toItem = useMemo(
    () =>
      (n: Notification): NotificationDropdownItem => ({
        id: n.id,
        userName: n.userName,
        userImg: n.userImg,
        html: notificationHtml(t, n, i18n.language),
        date: formatDateTime(n.createDate, i18n.language, numericDateTime),
        dateTime: n.createDate,
        isRead: n.isRead,
      }),
    // sanitizerReady: the texts are made again, with their markup, once DOMPurify has loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, sanitizerReady],
  );
  // The lists are made (each text sanitised, each date formatted) only while the dropdown is open:
  // closed, they were made again at every answer and render of the top bar for nothing (issue #19).
  const [open, setOpen] = useState(false);
  const unread = useMemo(() => (open ? state.unread.items.map(toItem) : []), [open, state.unread.items, toItem]);
  const read = useMemo(() => (open ? state.read.items.map(toItem) : []), [open, state.read.items, toItem]);
  const byId = useMemo(
    () => new Map([...state.unread.items, ...state.read.items].map((n) => [n.id, n])),
    [state.unread.items, state.read.items],
  );

  return (
    <NotificationDropdown
      label={t('notifications.ui.bell')}
      unreadCount={state.unreadCount}
      unread={unread}
      read={read}
      onOpenChange={setOpen}
      hasMoreUnread={state.hasMoreUnread}
      hasMoreRead={state.hasMoreRead}
      unreadLabel={t('notification.unread')}
      readLabel={t('notification.read')}
      searchLabel={t('notifications.ui.searchByUser')}
      loadMoreLabel={t('notifications.ui.loadMore')}
      readAllLabel={t('notifications.ui.readAll')}
      emptyText={t('notification.nodatanow')}
      onLoadMore={(tab) => void state.loadMore(tab).catch(() => {})}
      onReadAll={() => void state.readAll().catch(() => {})}
      onItemPress={(item) => {
        const n = byId.get(item.id);
        if (n) void state.open(n).catch(() => {});
      }}
      onSearchChange={state.setSearch}
    />
  );
}
