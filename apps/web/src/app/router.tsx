import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { SessionController } from '../session/session';
import { loginRedirect } from '../session/session';
import { RootLayout } from './layouts/RootLayout';
import { BareLayout } from './layouts/BareLayout';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { RouteError } from '../features/errors/RouteError';
import { requirePermission, type RouteServices } from '../features/access/route-permission';

const toNotFound = () => redirect('/error-404');

/*
 * Each back-office module's pages are named in a small module of its own (features/<area>/routes.ts)
 * holding their dynamic imports, so the entry carries one import per module instead of the
 * preload lists of every page (issue #19: the sign-in page downloads none of them).
 */
const approvalsPages = () => import('../features/approvals/routes');
const helpdeskPages = () => import('../features/helpdesk/routes');
const financePages = () => import('../features/finance/routes');
const equipmentPages = () => import('../features/equipment/routes');
const stockPages = () => import('../features/stock/routes');
const contractsPages = () => import('../features/contracts/routes');
const documentsPages = () => import('../features/documents/routes');
const newsPages = () => import('../features/news/routes');
const schedulesPages = () => import('../features/schedules/routes');
const debtsPages = () => import('../features/debts/routes');
const adminPages = () => import('../features/admin/routes');

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
            { path: 'dashboard', lazy: () => import('../features/dashboard/DashboardPage').then((m) => ({ Component: m.DashboardPage })) },
            { path: 'download', lazy: () => import('../features/files/FileDownloadPage').then((m) => ({ Component: m.FileDownloadPage })) },
            requirePermission('approvals', services, [
              { path: 'approvals', lazy: () => approvalsPages().then((m) => m.pages.myApprovals()) },
            ]),
            requirePermission('helpdesk.requests', services, [
              { path: 'helpdesk/requests', lazy: () => helpdeskPages().then((m) => m.pages.helpdeskRequests()) },
              { path: 'helpdesk/requests/:id', lazy: () => helpdeskPages().then((m) => m.pages.requestDetail()) },
              requirePermission('helpdesk.requests.create', services, [
                { path: 'helpdesk/requests/new', lazy: () => helpdeskPages().then((m) => m.pages.createRequest()) },
              ]),
            ]),
            requirePermission('finance.vendorInvoices', services, [
              { path: 'finance/vendor-invoices', lazy: () => financePages().then((m) => m.pages.vendorInvoices()) },
              { path: 'finance/vendor-invoices/:id', lazy: () => financePages().then((m) => m.pages.vendorInvoiceDetail()) },
              requirePermission('finance.vendorInvoices.create', services, [
                { path: 'finance/vendor-invoices/new', lazy: () => financePages().then((m) => m.pages.vendorInvoiceForm()) },
                { path: 'finance/vendor-invoices/:id/edit', lazy: () => financePages().then((m) => m.pages.vendorInvoiceForm()) },
              ]),
            ]),
            requirePermission('finance.accountingPool', services, [
              { path: 'finance/accounting-pool', lazy: () => financePages().then((m) => m.pages.accountingPool()) },
            ]),
            requirePermission('finance.eInvoices', services, [
              { path: 'finance/e-invoices', lazy: () => financePages().then((m) => m.pages.eInvoices()) },
            ]),
            requirePermission('inventory.requests', services, [
              { path: 'inventory/requests', lazy: () => equipmentPages().then((m) => m.pages.equipmentRequests()) },
              { path: 'inventory/requests/:id', lazy: () => equipmentPages().then((m) => m.pages.equipmentRequestDetail()) },
              { path: 'inventory/budgets', lazy: () => equipmentPages().then((m) => m.pages.budgets()) },
              requirePermission('inventory.requests.create', services, [
                { path: 'inventory/requests/new', lazy: () => equipmentPages().then((m) => m.pages.equipmentRequestForm()) },
                { path: 'inventory/requests/:id/edit', lazy: () => equipmentPages().then((m) => m.pages.equipmentRequestForm()) },
              ]),
            ]),
            requirePermission('inventory.processing', services, [
              { path: 'inventory/processing', lazy: () => equipmentPages().then((m) => m.pages.processing()) },
            ]),
            requirePermission('inventory.materials', services, [
              { path: 'inventory/materials', lazy: () => stockPages().then((m) => m.pages.materials()) },
              { path: 'inventory/materials/:id', lazy: () => stockPages().then((m) => m.pages.materialDetail()) },
            ]),
            requirePermission('inventory.warehouses', services, [
              { path: 'inventory/warehouses', lazy: () => stockPages().then((m) => m.pages.warehouses()) },
              { path: 'inventory/warehouses/operations/:id', lazy: () => stockPages().then((m) => m.pages.operationDetail()) },
              requirePermission('inventory.warehouses.operation', services, [
                { path: 'inventory/warehouses/operations/new', lazy: () => stockPages().then((m) => m.pages.operationForm()) },
                { path: 'inventory/warehouses/count', lazy: () => stockPages().then((m) => m.pages.count()) },
              ]),
            ]),
            requirePermission('inventory.inventories', services, [
              { path: 'inventory/inventories', lazy: () => stockPages().then((m) => m.pages.inventories()) },
            ]),
            // An inventory's holder opens it without the inventories menu (the server decides).
            { path: 'inventory/inventories/:id', lazy: () => stockPages().then((m) => m.pages.inventoryDetail()) },
            requirePermission('contracts', services, [
              { path: 'contracts', lazy: () => contractsPages().then((m) => m.pages.contracts()) },
              { path: 'contracts/:id', lazy: () => contractsPages().then((m) => m.pages.contractDetail()) },
              requirePermission('contracts.create', services, [
                { path: 'contracts/new', lazy: () => contractsPages().then((m) => m.pages.contractForm()) },
                { path: 'contracts/:id/edit', lazy: () => contractsPages().then((m) => m.pages.contractForm()) },
              ]),
            ]),
            requirePermission('documents.circulation', services, [
              { path: 'documents/circulation', lazy: () => documentsPages().then((m) => m.pages.circulation()) },
              { path: 'documents/circulation/:id', lazy: () => documentsPages().then((m) => m.pages.document()) },
            ]),
            requirePermission('documents.registry', services, [
              { path: 'documents/registry', lazy: () => documentsPages().then((m) => m.pages.registry()) },
              { path: 'documents/registry/:id', lazy: () => documentsPages().then((m) => m.pages.registryEntry()) },
            ]),
            requirePermission('news', services, [
              { path: 'news', lazy: () => newsPages().then((m) => m.pages.newsFeed()) },
              { path: 'news/:id', lazy: () => newsPages().then((m) => m.pages.newsPost()) },
              requirePermission('news.create', services, [
                { path: 'news/new', lazy: () => newsPages().then((m) => m.pages.newsEditor()) },
                { path: 'news/:id/edit', lazy: () => newsPages().then((m) => m.pages.newsEditor()) },
              ]),
            ]),
            requirePermission('schedules', services, [
              { path: 'schedules', lazy: () => schedulesPages().then((m) => m.pages.schedules()) },
              { path: 'schedules/leave/:id', lazy: () => schedulesPages().then((m) => m.pages.leaveRequest()) },
            ]),
            requirePermission('helpdesk.categories', services, [
              { path: 'helpdesk/categories', lazy: () => helpdeskPages().then((m) => m.pages.helpdeskCatalog()) },
            ]),
            requirePermission('finance.debtReports', services, [
              { path: 'finance/debt-reports', lazy: () => debtsPages().then((m) => m.pages.debtReports()) },
              { path: 'finance/debt-reports/:id', lazy: () => debtsPages().then((m) => m.pages.debtReportDetail()) },
            ]),
            requirePermission('finance.debtReports.dislocation', services, [
              { path: 'finance/dislocation', lazy: () => debtsPages().then((m) => m.pages.dislocation()) },
              { path: 'finance/dislocation/:number', lazy: () => debtsPages().then((m) => m.pages.wagon()) },
            ]),
            requirePermission('admin.users', services, [
              { path: 'admin/users', lazy: () => adminPages().then((m) => m.pages.users()) },
              { path: 'admin/users/:id', lazy: () => adminPages().then((m) => m.pages.userDetail()) },
            ]),
            requirePermission('admin.userTypes', services, [
              { path: 'admin/user-types', lazy: () => adminPages().then((m) => m.pages.userTypes()) },
            ]),
            requirePermission('admin.permissions', services, [
              { path: 'admin/permissions', lazy: () => adminPages().then((m) => m.pages.permissionExplainer()) },
            ]),
            requirePermission('admin.directory', services, [
              { path: 'admin/directory', lazy: () => adminPages().then((m) => m.pages.directory()) },
            ]),
            requirePermission('admin.org', services, [
              { path: 'admin/org', lazy: () => adminPages().then((m) => m.pages.org()) },
            ]),
            requirePermission('admin.referenceLists', services, [
              { path: 'admin/reference-lists', lazy: () => adminPages().then((m) => m.pages.referenceLists()) },
            ]),
            requirePermission('admin.translations', services, [
              { path: 'admin/translations', lazy: () => adminPages().then((m) => m.pages.translations()) },
            ]),
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
            { path: 'profile', lazy: () => import('../features/profile/ProfilePage').then((m) => ({ Component: m.ProfilePage })) },
            {
              path: 'login-history',
              lazy: () => import('../features/login-history/LoginHistoryPage').then((m) => ({ Component: m.LoginHistoryPage })),
            },
            { path: '*', loader: toNotFound },
          ],
        },
        {
          path: 'auth',
          element: <BareLayout />,
          children: [
            { index: true, loader: () => redirect('/auth/login') },
            { path: 'login', loader: loginLoader, lazy: () => import('../features/auth/LoginRoute').then((m) => ({ Component: m.LoginRoute })) },
            {
              path: 'forgot-password',
              lazy: () => import('../features/auth/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
            },
            {
              path: 'reset-password',
              lazy: () => import('../features/auth/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage })),
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
