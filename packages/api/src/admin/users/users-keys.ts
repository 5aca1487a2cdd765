import type { AdminEntityType, AdminUsersQuery } from '@servicedesk/contracts';

/**
 * Query keys of the users administration (TkDodo's key factory). `adminUsersKeys.all`
 * invalidates every users list, detail and audit list; a write invalidates what it changed.
 */
export const adminUsersKeys = {
  all: ['admin', 'users'] as const,
  lists: () => [...adminUsersKeys.all, 'list'] as const,
  list: (query: AdminUsersQuery) => [...adminUsersKeys.lists(), query] as const,
  details: () => [...adminUsersKeys.all, 'detail'] as const,
  detail: (id: number) => [...adminUsersKeys.details(), id] as const,
  /** One user's sign-in lock (issue #20). */
  signInLock: (id: number) => [...adminUsersKeys.all, 'signInLock', id] as const,
  /** The admin audit log of one entity (users, and whatever else asks for it). */
  audit: (entityType: AdminEntityType, entityId: number) => ['admin', 'audit', entityType, entityId] as const,
};
