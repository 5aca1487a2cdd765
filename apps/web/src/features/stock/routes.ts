/**
 * The pages of stock for the router (src/app/router.tsx), each its own chunk: a route's `lazy`
 * loads this module, then the page. Kept out of the entry (issue #19's bundle budgets).
 */
export const pages = {
  materials: () => import('./MaterialsPage').then((m) => ({ Component: m.MaterialsPage })),
  materialDetail: () => import('./MaterialDetailPage').then((m) => ({ Component: m.MaterialDetailPage })),
  warehouses: () => import('./WarehousesPage').then((m) => ({ Component: m.WarehousesPage })),
  operationDetail: () => import('./OperationDetailPage').then((m) => ({ Component: m.OperationDetailPage })),
  operationForm: () => import('./OperationPages').then((m) => ({ Component: m.OperationFormPage })),
  counts: () => import('./CountPage').then((m) => ({ Component: m.CountsPage })),
  countDetail: () => import('./CountPage').then((m) => ({ Component: m.CountDetailPage })),
  inventories: () => import('./InventoryPages').then((m) => ({ Component: m.InventoriesPage })),
  inventoryDetail: () => import('./InventoryPages').then((m) => ({ Component: m.InventoryDetailPage })),
};
