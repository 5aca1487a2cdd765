import type { RouteObject } from 'react-router-dom';
import { requirePermission, type RouteServices } from '../access/route-permission';

/** The pages' list (./routes.ts, a chunk of its own), loaded when one of the routes below is first visited. */
const pages = () => import('./routes');

/**
 * Administration: the routes under /home, each page behind the action key the catalogue names for
 * it (`requirePermission`: a refused user gets the 403 page). src/app/router.tsx mounts every
 * feature's routes from src/app/feature-routes.ts.
 */
export function routes(services: RouteServices): RouteObject[] {
  return [
    requirePermission('admin.users', services, [
      { path: 'admin/users', lazy: () => pages().then((m) => m.pages.users()) },
      { path: 'admin/users/:id', lazy: () => pages().then((m) => m.pages.userDetail()) },
    ]),
    requirePermission('admin.userTypes', services, [
      { path: 'admin/user-types', lazy: () => pages().then((m) => m.pages.userTypes()) },
    ]),
    requirePermission('admin.permissions', services, [
      { path: 'admin/permissions', lazy: () => pages().then((m) => m.pages.permissionExplainer()) },
    ]),
    requirePermission('admin.directory', services, [
      { path: 'admin/directory', lazy: () => pages().then((m) => m.pages.directory()) },
    ]),
    requirePermission('admin.outbox', services, [
      { path: 'admin/outbox', lazy: () => pages().then((m) => m.pages.outbox()) },
    ]),
    requirePermission('admin.org', services, [
      { path: 'admin/org', lazy: () => pages().then((m) => m.pages.org()) },
    ]),
    requirePermission('admin.referenceLists', services, [
      { path: 'admin/reference-lists', lazy: () => pages().then((m) => m.pages.referenceLists()) },
    ]),
    requirePermission('admin.translations', services, [
      { path: 'admin/translations', lazy: () => pages().then((m) => m.pages.translations()) },
    ]),
  ];
}
