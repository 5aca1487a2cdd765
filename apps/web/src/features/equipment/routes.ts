/**
 * The pages of equipment for the router (src/app/router.tsx), each its own chunk: a route's `lazy`
 * loads this module, then the page. Kept out of the entry (issue #19's bundle budgets).
 */
export const pages = {
  equipmentRequests: () => import('./list/EquipmentRequestsPage').then((m) => ({ Component: m.EquipmentRequestsPage })),
  equipmentRequestDetail: () => import('./detail/EquipmentRequestDetailPage').then((m) => ({ Component: m.EquipmentRequestDetailPage })),
  equipmentRequestForm: () => import('./form/EquipmentRequestFormPage').then((m) => ({ Component: m.EquipmentRequestFormPage })),
  budgets: () => import('./budgets/BudgetsPage').then((m) => ({ Component: m.BudgetsPage })),
  processing: () => import('./list/ProcessingPage').then((m) => ({ Component: m.ProcessingPage })),
  myEquipment: () => import('./assets/MyEquipmentPage').then((m) => ({ Component: m.MyEquipmentPage })),
  purchases: () => import('./assets/PurchasesPage').then((m) => ({ Component: m.PurchasesPage })),
};
