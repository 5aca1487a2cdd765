/**
 * The pages of debts for the router (src/app/router.tsx), each its own chunk: a route's `lazy`
 * loads this module, then the page. Kept out of the entry (issue #19's bundle budgets).
 */
export const pages = {
  debtReports: () => import('./DebtReportsPage').then((m) => ({ Component: m.DebtReportsPage })),
  debtReportDetail: () => import('./DebtReportDetailPage').then((m) => ({ Component: m.DebtReportDetailPage })),
  dislocation: () => import('./DislocationPage').then((m) => ({ Component: m.DislocationPage })),
  wagon: () => import('./WagonPage').then((m) => ({ Component: m.WagonPage })),
};
