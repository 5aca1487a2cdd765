/** What the organisation screen lists: positions, locations (same shape) and groups. */
export type OrgKind = 'positions' | 'locations';

/**
 * Query keys of the organisation structure (/api/admin/{positions,locations,groups}, issue #5).
 * `orgKeys.all` invalidates the area; lists are keyed by whether inactive ones are included.
 */
export const orgKeys = {
  all: ['admin', 'org'] as const,
  items: (kind: OrgKind) => [...orgKeys.all, kind] as const,
  itemList: (kind: OrgKind, includeInactive: boolean) => [...orgKeys.items(kind), { includeInactive }] as const,
  groups: () => [...orgKeys.all, 'groups'] as const,
  groupList: (includeInactive: boolean) => [...orgKeys.groups(), 'list', { includeInactive }] as const,
  group: (id: number) => [...orgKeys.groups(), 'detail', id] as const,
};
