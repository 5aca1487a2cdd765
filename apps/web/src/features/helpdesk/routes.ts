/**
 * The pages of helpdesk for the router (src/app/router.tsx), each its own chunk: a route's `lazy`
 * loads this module, then the page. Kept out of the entry (issue #19's bundle budgets).
 */
export const pages = {
  helpdeskRequests: () => import('./list/HelpdeskRequestsPage').then((m) => ({ Component: m.HelpdeskRequestsPage })),
  requestDetail: () => import('./detail/RequestDetailPage').then((m) => ({ Component: m.RequestDetailPage })),
  createRequest: () => import('./create/CreateRequestPage').then((m) => ({ Component: m.CreateRequestPage })),
  helpdeskCatalog: () => import('./admin/HelpdeskCatalogPage').then((m) => ({ Component: m.HelpdeskCatalogPage })),
};
