import type { RouteObject } from 'react-router-dom';
import { requirePermission, type RouteServices } from '../access/route-permission';

/** The pages' list (./routes.ts, a chunk of its own), loaded when one of the routes below is first visited. */
const pages = () => import('./routes');

/**
 * Finance (vendor invoices, the accounting pool, e-invoices): the routes under /home, each page behind the action key the catalogue names for
 * it (`requirePermission`: a refused user gets the 403 page). src/app/router.tsx mounts every
 * feature's routes from src/app/feature-routes.ts.
 */
export function routes(services: RouteServices): RouteObject[] {
  return [
    requirePermission('finance.vendorInvoices', services, [
      {
        path: 'finance/vendor-invoices',
        lazy: () => pages().then((m) => m.pages.vendorInvoices()),
      },
      {
        path: 'finance/vendor-invoices/:id',
        lazy: () => pages().then((m) => m.pages.vendorInvoiceDetail()),
      },
      requirePermission('finance.vendorInvoices.create', services, [
        {
          path: 'finance/vendor-invoices/new',
          lazy: () => pages().then((m) => m.pages.vendorInvoiceForm()),
        },
        {
          path: 'finance/vendor-invoices/:id/edit',
          lazy: () => pages().then((m) => m.pages.vendorInvoiceForm()),
        },
      ]),
    ]),
    requirePermission('finance.accountingPool', services, [
      {
        path: 'finance/accounting-pool',
        lazy: () => pages().then((m) => m.pages.accountingPool()),
      },
    ]),
    requirePermission('finance.eInvoices', services, [
      { path: 'finance/e-invoices', lazy: () => pages().then((m) => m.pages.eInvoices()) },
    ]),
  ];
}
