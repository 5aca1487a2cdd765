import type { NotificationDropdownItem } from './NotificationDropdown';

/** Rows for stories and tests: `n` items, newest first, unread or read. */
export function dropdownItems(n: number, isRead: boolean, start = 1): NotificationDropdownItem[] {
  const names = ['Rəşad Əliyev', 'Leyla Hüseynova', 'Elvin Quliyev'];
  return Array.from({ length: n }, (_, i) => ({
    id: start + i,
    userName: names[i % names.length]!,
    userImg: null,
    html: `Request <b>#${1040 + start + i}</b> is waiting for your approval.`,
    date: `21.11.2026 ${String(12 - (i % 12)).padStart(2, '0')}:00`,
    dateTime: new Date(Date.UTC(2026, 10, 21, 12 - (i % 12))).toISOString(),
    isRead,
  }));
}
