/**
 * The pages of finance for the router (src/app/router.tsx), each its own chunk: a route's `lazy`
 * loads this module, then the page. Kept out of the entry (issue #19's bundle budgets).
 */
export const pages = {
  vendorInvoices: () => import('./invoices/VendorInvoicesPage').then((m) => ({ Component: m.VendorInvoicesPage })),
  vendorInvoiceDetail: () => import('./invoices/VendorInvoiceDetailPage').then((m) => ({ Component: m.VendorInvoiceDetailPage })),
  vendorInvoiceForm: () => import('./invoices/VendorInvoiceFormPage').then((m) => ({ Component: m.VendorInvoiceFormPage })),
  accountingPool: () => import('./pool/AccountingPoolPage').then((m) => ({ Component: m.AccountingPoolPage })),
  eInvoices: () => import('./e-invoices/EInvoicesPage').then((m) => ({ Component: m.EInvoicesPage })),
};
