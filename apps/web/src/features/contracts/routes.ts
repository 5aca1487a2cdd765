/**
 * The pages of contracts for the router (src/app/router.tsx), each its own chunk: a route's `lazy`
 * loads this module, then the page. Kept out of the entry (issue #19's bundle budgets).
 */
export const pages = {
  contracts: () => import('./list/ContractsPage').then((m) => ({ Component: m.ContractsPage })),
  contractDetail: () => import('./detail/ContractDetailPage').then((m) => ({ Component: m.ContractDetailPage })),
  contractForm: () => import('./form/ContractFormPage').then((m) => ({ Component: m.ContractFormPage })),
};
