/**
 * The pages of approvals for the router (src/app/router.tsx), each its own chunk: a route's `lazy`
 * loads this module, then the page. Kept out of the entry (issue #19's bundle budgets).
 */
export const pages = {
  myApprovals: () => import('./MyApprovalsPage').then((m) => ({ Component: m.MyApprovalsPage })),
};
