import type { RouteObject } from 'react-router-dom';
import { requirePermission, type RouteServices } from '../access/route-permission';

/** The pages' list (./routes.ts, a chunk of its own), loaded when one of the routes below is first visited. */
const pages = () => import('./routes');

/**
 * Debt reports and dislocation: the routes under /home, each page behind the action key the catalogue names for
 * it (`requirePermission`: a refused user gets the 403 page). src/app/router.tsx mounts every
 * feature's routes from src/app/feature-routes.ts.
 */
export function routes(services: RouteServices): RouteObject[] {
  return [
    requirePermission('finance.debtReports', services, [
      { path: 'finance/debt-reports', lazy: () => pages().then((m) => m.pages.debtReports()) },
      {
        path: 'finance/debt-reports/:id',
        lazy: () => pages().then((m) => m.pages.debtReportDetail()),
      },
    ]),
    requirePermission('finance.debtReports.dislocation', services, [
      { path: 'finance/dislocation', lazy: () => pages().then((m) => m.pages.dislocation()) },
      { path: 'finance/dislocation/:number', lazy: () => pages().then((m) => m.pages.wagon()) },
    ]),
  ];
}
