import type { RouteObject } from 'react-router-dom';
import { requirePermission, type RouteServices } from '../access/route-permission';

/** The pages' list (./routes.ts, a chunk of its own), loaded when one of the routes below is first visited. */
const pages = () => import('./routes');

/**
 * Equipment requests, processing, budgets, My equipment and the purchase queue: the routes under /home, each page behind the action key the catalogue names for
 * it (`requirePermission`: a refused user gets the 403 page). src/app/router.tsx mounts every
 * feature's routes from src/app/feature-routes.ts.
 */
export function routes(services: RouteServices): RouteObject[] {
  return [
    requirePermission('inventory.requests', services, [
      { path: 'inventory/requests', lazy: () => pages().then((m) => m.pages.equipmentRequests()) },
      {
        path: 'inventory/requests/:id',
        lazy: () => pages().then((m) => m.pages.equipmentRequestDetail()),
      },
      { path: 'inventory/budgets', lazy: () => pages().then((m) => m.pages.budgets()) },
      requirePermission('inventory.requests.create', services, [
        {
          path: 'inventory/requests/new',
          lazy: () => pages().then((m) => m.pages.equipmentRequestForm()),
        },
        {
          path: 'inventory/requests/:id/edit',
          lazy: () => pages().then((m) => m.pages.equipmentRequestForm()),
        },
      ]),
    ]),
    requirePermission('inventory.processing', services, [
      { path: 'inventory/processing', lazy: () => pages().then((m) => m.pages.processing()) },
    ]),
    // Issue #40: what is assigned to me (every user type); the purchase queue and reorder list.
    requirePermission('inventory.myEquipment', services, [
      { path: 'inventory/my-equipment', lazy: () => pages().then((m) => m.pages.myEquipment()) },
    ]),
    requirePermission('inventory.purchases', services, [
      { path: 'inventory/purchases', lazy: () => pages().then((m) => m.pages.purchases()) },
    ]),
  ];
}
