/**
 * The pages of schedules for the router (src/app/router.tsx), each its own chunk: a route's `lazy`
 * loads this module, then the page. Kept out of the entry (issue #19's bundle budgets).
 */
export const pages = {
  schedules: () => import('./SchedulesPage').then((m) => ({ Component: m.SchedulesPage })),
  leaveRequest: () => import('./LeaveRequestPage').then((m) => ({ Component: m.LeaveRequestPage })),
};
