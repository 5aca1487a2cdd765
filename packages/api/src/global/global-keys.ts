import type { CheckMenuPermissionInput, GetLoginHistoryListInput } from '@servicedesk/contracts';

/**
 * Query keys of the global area (TkDodo's key factory). `globalKeys.all` invalidates the area;
 * after a language change invalidate everything (`queryClient.invalidateQueries()`), since
 * names such as specodes come back in the Accept-Language.
 */
export const globalKeys = {
  all: ['global'] as const,
  menus: () => [...globalKeys.all, 'menus'] as const,
  usersNameAndId: () => [...globalKeys.all, 'usersNameAndId'] as const,
  userLists: () => [...globalKeys.all, 'userLists'] as const,
  currentUser: () => [...globalKeys.all, 'currentUser'] as const,
  permissions: () => [...globalKeys.all, 'permissions'] as const,
  menuPermission: (input: CheckMenuPermissionInput) =>
    [...globalKeys.permissions(), 'check', input] as const,
  menuPermissions: (actionName: string) =>
    [...globalKeys.permissions(), 'page', actionName] as const,
  loginHistory: () => [...globalKeys.all, 'loginHistory'] as const,
  loginHistoryList: (filters: GetLoginHistoryListInput) =>
    [...globalKeys.loginHistory(), filters] as const,
  specodes: (key: string) => [...globalKeys.all, 'specodes', key] as const,
  tableOrder: (key: string) => [...globalKeys.all, 'tableOrder', key] as const,
};
