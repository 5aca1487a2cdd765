/**
 * Query keys of staff schedules (/api/schedules/*, issue #18). `schedulesKeys.all` invalidates every
 * schedule answer — what a live RecordChanged("leaveRequest") does (the grid, leave lists, a leave page).
 */
export const schedulesKeys = {
  all: ['schedules'] as const,
  groups: () => [...schedulesKeys.all, 'groups'] as const,
  month: (groupId: number, month: string) => [...schedulesKeys.all, 'month', groupId, month] as const,
  leaveLists: () => [...schedulesKeys.all, 'leave', 'list'] as const,
  leaveList: (groupId: number | null) => [...schedulesKeys.leaveLists(), groupId] as const,
  leave: (id: number) => [...schedulesKeys.all, 'leave', 'detail', id] as const,
  balances: (year: number, groupId: number | null) => [...schedulesKeys.all, 'balances', year, groupId] as const,
  holidays: (year: number) => [...schedulesKeys.all, 'holidays', year] as const,
  templates: (groupId: number) => [...schedulesKeys.all, 'templates', groupId] as const,
};
