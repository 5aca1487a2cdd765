import type { RouteObject } from 'react-router-dom';
import { requirePermission, type RouteServices } from '../access/route-permission';

/** The pages' list (./routes.ts, a chunk of its own), loaded when one of the routes below is first visited. */
const pages = () => import('./routes');

/**
 * Contracts: the routes under /home, each page behind the action key the catalogue names for
 * it (`requirePermission`: a refused user gets the 403 page). src/app/router.tsx mounts every
 * feature's routes from src/app/feature-routes.ts.
 */
export function routes(services: RouteServices): RouteObject[] {
  return [
    requirePermission('contracts', services, [
      { path: 'contracts', lazy: () => pages().then((m) => m.pages.contracts()) },
      { path: 'contracts/:id', lazy: () => pages().then((m) => m.pages.contractDetail()) },
      requirePermission('contracts.create', services, [
        { path: 'contracts/new', lazy: () => pages().then((m) => m.pages.contractForm()) },
        { path: 'contracts/:id/edit', lazy: () => pages().then((m) => m.pages.contractForm()) },
      ]),
    ]),
  ];
}
