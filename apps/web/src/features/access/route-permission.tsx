import { Outlet, useLoaderData, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@servicedesk/api/client';
import { isApiRequestError } from '@servicedesk/api/errors';
import { checkMenuPermissionQueryOptions } from '@servicedesk/api/global/check-menu-permission';
import { sessionState, storage } from '../../session/storage';
import { takeEarlyPermission } from './early-permission';
import { ForbiddenPage } from './ForbiddenPage';

/** What the page-permission loaders need: the app's query cache and api client (app/services.ts). */
export interface RouteServices {
  queryClient: QueryClient;
  apiClient: ApiClient;
}

/** The answer of a page-permission loader: whether the signed-in user may open the page. */
export interface PageAccess {
  /** The action key of the catalogue the page needs (e.g. 'admin.users'). */
  actionName: string;
  allowed: boolean;
}

/**
 * A route loader that asks the server (POST /api/global/checkMenuPermission {actionName},
 * SPEC §6) whether the user's type may open a page, BEFORE anything of the page renders —
 * so a refused page never flashes. It asks on every entry into the page (permissions change
 * when an admin edits a user type), never from the cache.
 *
 * Without an active session it answers "not allowed" without a call: the session guard of
 * /home (running in parallel) sends the user to the login page. A 401/403 answer also reads
 * as "not allowed" (the api client has already handed a 401 to the session); other failures
 * (network, 5xx) reject, so the route's error element offers a reload. On the page the app opened
 * on, the check index.html's inline script started is taken instead (early-permission.ts), when it
 * answered plainly; otherwise the loader asks as above.
 */
export function pageAccessLoader(actionName: string, services: RouteServices) {
  return async (_args: LoaderFunctionArgs): Promise<PageAccess> => {
    if (sessionState() !== 'active') return { actionName, allowed: false };
    const options = checkMenuPermissionQueryOptions(services.apiClient, { actionName });
    // On the page the app opened on, index.html has already asked (early-permission.ts).
    const early = await takeEarlyPermission(actionName, storage.getToken());
    if (early !== null) {
      services.queryClient.setQueryData(options.queryKey, { hasPermission: early });
      return { actionName, allowed: early };
    }
    try {
      const answer = await services.queryClient.fetchQuery({ ...options, staleTime: 0 });
      return { actionName, allowed: answer.hasPermission };
    } catch (error) {
      if (isApiRequestError(error, 401) || isApiRequestError(error, 403)) return { actionName, allowed: false };
      throw error;
    }
  };
}

/** Renders the guarded page (the child route) when its loader allowed it, the 403 page otherwise. */
export function PageAccessOutlet() {
  const access = useLoaderData<PageAccess>();
  return access.allowed ? <Outlet /> : <ForbiddenPage />;
}

/**
 * Wraps page routes in a pathless route that declares the action key they need (SPEC §6
 * "every page declares its menu action"): the loader asks checkMenuPermission, and a refused
 * user sees the 403 page at the URL they typed (inside the app shell, with the sidebar that
 * only lists what they may open), never the page.
 *
 * ```tsx
 * requirePermission('admin.users', services, [
 *   { path: 'admin/users', lazy: () => import('…/UsersPage').then((m) => ({ Component: m.UsersPage })) },
 * ])
 * ```
 */
export function requirePermission(actionName: string, services: RouteServices, children: RouteObject[]): RouteObject {
  return {
    id: `permission:${actionName}`,
    loader: pageAccessLoader(actionName, services),
    element: <PageAccessOutlet />,
    children,
  };
}
