import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNewsUnread } from '@servicedesk/api/news/news-read';
import { formatCount } from '@servicedesk/ui/Badge';
import type { SidebarItem } from '@servicedesk/ui/Sidebar';

/**
 * The sidebar with the unread-news count on the news item (issue #18 "an unread count in the
 * menu"; SPEC §9: 99+ above 99): asked only when the menu holds /home/news, refreshed live with
 * every news change (RecordChanged invalidates the news answers) and when a post is opened.
 */
export function useNewsMenuBadge(items: SidebarItem[]): SidebarItem[] {
  const { t } = useTranslation();
  const hasNews = items.some((item) => item.href === '/home/news');
  const unread = useNewsUnread(hasNews);
  const count = unread.data?.unread ?? 0;
  return useMemo(
    () =>
      count > 0
        ? items.map((item) => (item.href === '/home/news' ? { ...item, badge: { text: formatCount(count), label: t('news.menuBadge', { n: count }) } } : item))
        : items,
    [items, count, t],
  );
}
