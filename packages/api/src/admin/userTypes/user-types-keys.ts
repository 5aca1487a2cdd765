/**
 * Query keys of the user types administration. The list answers names in the request's
 * language; a write invalidates `userTypesKeys.all` (list and details), and the caller's own
 * menus and permissions may change with it (invalidate `globalKeys.all` too).
 */
export const userTypesKeys = {
  all: ['admin', 'userTypes'] as const,
  list: () => [...userTypesKeys.all, 'list'] as const,
  details: () => [...userTypesKeys.all, 'detail'] as const,
  detail: (id: number) => [...userTypesKeys.details(), id] as const,
};
