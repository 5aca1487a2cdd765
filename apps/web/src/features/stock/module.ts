import type { RouteObject } from 'react-router-dom';
import { requirePermission, type RouteServices } from '../access/route-permission';

/** The pages' list (./routes.ts, a chunk of its own), loaded when one of the routes below is first visited. */
const pages = () => import('./routes');

/**
 * Stock (materials, warehouses, counts, inventories): the routes under /home, each page behind the action key the catalogue names for
 * it (`requirePermission`: a refused user gets the 403 page). src/app/router.tsx mounts every
 * feature's routes from src/app/feature-routes.ts.
 */
export function routes(services: RouteServices): RouteObject[] {
  return [
    requirePermission('inventory.materials', services, [
      { path: 'inventory/materials', lazy: () => pages().then((m) => m.pages.materials()) },
      {
        path: 'inventory/materials/:id',
        lazy: () => pages().then((m) => m.pages.materialDetail()),
      },
    ]),
    requirePermission('inventory.warehouses', services, [
      { path: 'inventory/warehouses', lazy: () => pages().then((m) => m.pages.warehouses()) },
      {
        path: 'inventory/warehouses/operations/:id',
        lazy: () => pages().then((m) => m.pages.operationDetail()),
      },
      // Counts as records (issue #40): the list and a count's page (posting on the server's warehouse rule).
      { path: 'inventory/warehouses/counts', lazy: () => pages().then((m) => m.pages.counts()) },
      { path: 'inventory/warehouses/counts/:id', lazy: () => pages().then((m) => m.pages.countDetail()) },
      requirePermission('inventory.warehouses.operation', services, [
        {
          path: 'inventory/warehouses/operations/new',
          lazy: () => pages().then((m) => m.pages.operationForm()),
        },
        // The old address of the count form: the list, where a count starts.
        { path: 'inventory/warehouses/count', lazy: () => pages().then((m) => m.pages.counts()) },
      ]),
    ]),
    requirePermission('inventory.inventories', services, [
      { path: 'inventory/inventories', lazy: () => pages().then((m) => m.pages.inventories()) },
    ]),
    // An inventory's holder opens it without the inventories menu (the server decides).
    {
      path: 'inventory/inventories/:id',
      lazy: () => pages().then((m) => m.pages.inventoryDetail()),
    },
  ];
}
