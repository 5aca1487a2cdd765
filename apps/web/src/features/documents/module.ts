import type { RouteObject } from 'react-router-dom';
import { requirePermission, type RouteServices } from '../access/route-permission';

/** The pages' list (./routes.ts, a chunk of its own), loaded when one of the routes below is first visited. */
const pages = () => import('./routes');

/**
 * Document circulation and the registry: the routes under /home, each page behind the action key the catalogue names for
 * it (`requirePermission`: a refused user gets the 403 page) — but a document's own page, which the server guards itself. src/app/router.tsx mounts every
 * feature's routes from src/app/feature-routes.ts.
 */
export function routes(services: RouteServices): RouteObject[] {
  return [
    requirePermission('documents.circulation', services, [{ path: 'documents/circulation', lazy: () => pages().then((m) => m.pages.circulation()) }]),
    // A document opens for every signed-in user: the server decides (a folder permission, or routed
    // to them while it is routed — an employee without document circulation too; issue #41).
    { path: 'documents/circulation/:id', lazy: () => pages().then((m) => m.pages.document()) },
    requirePermission('documents.registry', services, [
      { path: 'documents/registry', lazy: () => pages().then((m) => m.pages.registry()) },
      { path: 'documents/registry/:id', lazy: () => pages().then((m) => m.pages.registryEntry()) },
    ]),
  ];
}
