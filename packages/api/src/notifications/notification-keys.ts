/**
 * Query keys of the header notifications: `notificationKeys.list(isRead, search)` holds the pages
 * of one tab, `notificationKeys.byId(id)` one notification.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (isRead: boolean, search: string) => [...notificationKeys.all, 'list', { isRead, search }] as const,
  byId: (id: number) => [...notificationKeys.all, 'byId', id] as const,
};
