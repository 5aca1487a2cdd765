import {
  createBrowserRouter,
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import type { SessionController } from '../session/session';
import { loginRedirect } from '../session/session';
import { RootLayout } from './layouts/RootLayout';
import { BareLayout } from './layouts/BareLayout';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { RouteError } from '../features/errors/RouteError';
import type { RouteServices } from '../features/access/route-permission';
import { featureRoutes } from './feature-routes';

const toNotFound = () => redirect('/error-404');

/*
 * Each back-office feature declares its routes in its module.ts (src/app/feature-routes.ts lists
 * them); their pages are named in a small module of their own (features/<area>/routes.ts) holding
 * their dynamic imports, so the entry carries one import per feature instead of the preload lists
 * of every page (the sign-in page downloads none of them).
 */

/** The session guard as a route loader (SPEC §4 "Guard"): redirects to login before anything renders. */
function guardLoader(session: SessionController) {
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const target = session.guard(url.pathname + url.search + url.hash);
    if (target) throw redirect(target);
    return null;
  };
}

/** /auth/login for a user who is still signed in goes on (session/session.ts `loginRedirect`, SPEC §2). */
function loginLoader({ request }: LoaderFunctionArgs) {
  const target = loginRedirect(new URL(request.url).search);
  if (target) throw redirect(target);
  return null;
}

/**
 * The route table of SPEC §2 (pages load lazily, each in its own chunk): '' → /home; /home and /user behind the guard (re-checked on every
 * navigation); /auth and /public bare; /error-404; anything else → /error-404. Pages that need an action key of the
 * catalogue sit under `requirePermission(key, services, …)` (features/access): a refused user gets the 403 page.
 */
export function createRoutes(session: SessionController, services: RouteServices): RouteObject[] {
  const guard = guardLoader(session);
  return [
    {
      element: <RootLayout />,
      // The first loaders (guard, redirects) run before anything renders; show nothing meanwhile.
      HydrateFallback: () => null,
      errorElement: <RouteError />,
      children: [
        { index: true, loader: () => redirect('/home') },
        {
          path: 'home',
          loader: guard,
          shouldRevalidate: () => true,
          // The signed-in shell (top bar, sidebar, bell, chat, hub) is its own chunk: never on the sign-in page.
          lazy: () => import('./layouts/AppShell').then((m) => ({ Component: m.HomeLayout })),
          children: [
            { index: true, loader: () => redirect('/home/dashboard') },
            {
              path: 'dashboard',
              lazy: () =>
                import('../features/dashboard/DashboardPage').then((m) => ({
                  Component: m.DashboardPage,
                })),
            },
            {
              path: 'download',
              lazy: () =>
                import('../features/files/FileDownloadPage').then((m) => ({
                  Component: m.FileDownloadPage,
                })),
            },
            ...featureRoutes.flatMap((routes) => routes(services)),
            { path: '*', loader: toNotFound },
          ],
        },
        {
          path: 'user',
          loader: guard,
          shouldRevalidate: () => true,
          lazy: () => import('./layouts/AppShell').then((m) => ({ Component: m.UserLayout })),
          children: [
            { index: true, loader: () => redirect('/user/profile') },
            {
              path: 'profile',
              lazy: () =>
                import('../features/profile/ProfilePage').then((m) => ({
                  Component: m.ProfilePage,
                })),
            },
            {
              path: 'login-history',
              lazy: () =>
                import('../features/login-history/LoginHistoryPage').then((m) => ({
                  Component: m.LoginHistoryPage,
                })),
            },
            { path: '*', loader: toNotFound },
          ],
        },
        {
          path: 'auth',
          element: <BareLayout />,
          children: [
            { index: true, loader: () => redirect('/auth/login') },
            {
              path: 'login',
              loader: loginLoader,
              lazy: () =>
                import('../features/auth/LoginRoute').then((m) => ({ Component: m.LoginRoute })),
            },
            {
              path: 'forgot-password',
              lazy: () =>
                import('../features/auth/ForgotPasswordPage').then((m) => ({
                  Component: m.ForgotPasswordPage,
                })),
            },
            {
              path: 'reset-password',
              lazy: () =>
                import('../features/auth/ResetPasswordPage').then((m) => ({
                  Component: m.ResetPasswordPage,
                })),
            },
            { path: '*', loader: toNotFound },
          ],
        },
        {
          path: 'public',
          element: <BareLayout />,
          children: [{ path: '*', loader: toNotFound }],
        },
        { path: 'error-404', element: <NotFoundPage /> },
        { path: '*', loader: toNotFound },
      ],
    },
  ];
}

/** The browser router of the app. */
export function createAppRouter(session: SessionController, services: RouteServices) {
  return createBrowserRouter(createRoutes(session, services));
}
