import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { SessionController } from '../session/session';
import { sessionState } from '../session/storage';
import { isSafeReturnUrl } from '../session/session';
import { RootLayout } from './layouts/RootLayout';
import { BareLayout } from './layouts/BareLayout';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { RouteError } from '../features/errors/RouteError';
import { requirePermission, type RouteServices } from '../features/access/route-permission';

const toNotFound = () => redirect('/error-404');

/** The session guard as a route loader (SPEC §4 "Guard"): redirects to login before anything renders. */
function guardLoader(session: SessionController) {
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const target = session.guard(url.pathname + url.search + url.hash);
    if (target) throw redirect(target);
    return null;
  };
}

/**
 * /auth/login for a user who is still signed in goes on to returnUrl (or the dashboard),
 * unless bypassGuard=true (sent after the countdown ended, SPEC §2).
 */
function loginLoader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  if (params.get('bypassGuard') === 'true' || sessionState() !== 'active') return null;
  const returnUrl = params.get('returnUrl');
  throw redirect(returnUrl && isSafeReturnUrl(returnUrl) && !returnUrl.startsWith('/auth') ? returnUrl : '/home/dashboard');
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
              { path: 'approvals', lazy: () => import('../features/approvals/MyApprovalsPage').then((m) => ({ Component: m.MyApprovalsPage })) },
            ]),
            requirePermission('helpdesk.requests', services, [
              { path: 'helpdesk/requests', lazy: () => import('../features/helpdesk/list/HelpdeskRequestsPage').then((m) => ({ Component: m.HelpdeskRequestsPage })) },
              { path: 'helpdesk/requests/:id', lazy: () => import('../features/helpdesk/detail/RequestDetailPage').then((m) => ({ Component: m.RequestDetailPage })) },
              requirePermission('helpdesk.requests.create', services, [
                { path: 'helpdesk/requests/new', lazy: () => import('../features/helpdesk/create/CreateRequestPage').then((m) => ({ Component: m.CreateRequestPage })) },
              ]),
            ]),
            requirePermission('finance.vendorInvoices', services, [
              { path: 'finance/vendor-invoices', lazy: () => import('../features/finance/invoices/VendorInvoicesPage').then((m) => ({ Component: m.VendorInvoicesPage })) },
              { path: 'finance/vendor-invoices/:id', lazy: () => import('../features/finance/invoices/VendorInvoiceDetailPage').then((m) => ({ Component: m.VendorInvoiceDetailPage })) },
              requirePermission('finance.vendorInvoices.create', services, [
                { path: 'finance/vendor-invoices/new', lazy: () => import('../features/finance/invoices/VendorInvoiceFormPage').then((m) => ({ Component: m.VendorInvoiceFormPage })) },
                { path: 'finance/vendor-invoices/:id/edit', lazy: () => import('../features/finance/invoices/VendorInvoiceFormPage').then((m) => ({ Component: m.VendorInvoiceFormPage })) },
              ]),
            ]),
            requirePermission('finance.accountingPool', services, [
              { path: 'finance/accounting-pool', lazy: () => import('../features/finance/pool/AccountingPoolPage').then((m) => ({ Component: m.AccountingPoolPage })) },
            ]),
            requirePermission('finance.eInvoices', services, [
              { path: 'finance/e-invoices', lazy: () => import('../features/finance/e-invoices/EInvoicesPage').then((m) => ({ Component: m.EInvoicesPage })) },
            ]),
            requirePermission('inventory.requests', services, [
              { path: 'inventory/requests', lazy: () => import('../features/equipment/list/EquipmentRequestsPage').then((m) => ({ Component: m.EquipmentRequestsPage })) },
              { path: 'inventory/requests/:id', lazy: () => import('../features/equipment/detail/EquipmentRequestDetailPage').then((m) => ({ Component: m.EquipmentRequestDetailPage })) },
              requirePermission('inventory.requests.create', services, [
                { path: 'inventory/requests/new', lazy: () => import('../features/equipment/form/EquipmentRequestFormPage').then((m) => ({ Component: m.EquipmentRequestFormPage })) },
                { path: 'inventory/requests/:id/edit', lazy: () => import('../features/equipment/form/EquipmentRequestFormPage').then((m) => ({ Component: m.EquipmentRequestFormPage })) },
              ]),
            ]),
            requirePermission('inventory.processing', services, [
              { path: 'inventory/processing', lazy: () => import('../features/equipment/list/ProcessingPage').then((m) => ({ Component: m.ProcessingPage })) },
            ]),
            requirePermission('inventory.materials', services, [
              { path: 'inventory/materials', lazy: () => import('../features/stock/MaterialsPage').then((m) => ({ Component: m.MaterialsPage })) },
              { path: 'inventory/materials/:id', lazy: () => import('../features/stock/MaterialDetailPage').then((m) => ({ Component: m.MaterialDetailPage })) },
            ]),
            requirePermission('inventory.warehouses', services, [
              { path: 'inventory/warehouses', lazy: () => import('../features/stock/WarehousesPage').then((m) => ({ Component: m.WarehousesPage })) },
              { path: 'inventory/warehouses/operations/:id', lazy: () => import('../features/stock/OperationPages').then((m) => ({ Component: m.OperationDetailPage })) },
              requirePermission('inventory.warehouses.operation', services, [
                { path: 'inventory/warehouses/operations/new', lazy: () => import('../features/stock/OperationPages').then((m) => ({ Component: m.OperationFormPage })) },
                { path: 'inventory/warehouses/count', lazy: () => import('../features/stock/CountPage').then((m) => ({ Component: m.CountPage })) },
              ]),
            ]),
            requirePermission('inventory.inventories', services, [
              { path: 'inventory/inventories', lazy: () => import('../features/stock/InventoryPages').then((m) => ({ Component: m.InventoriesPage })) },
            ]),
            // An inventory's holder opens it without the inventories menu (the server decides).
            { path: 'inventory/inventories/:id', lazy: () => import('../features/stock/InventoryPages').then((m) => ({ Component: m.InventoryDetailPage })) },
            requirePermission('contracts', services, [
              { path: 'contracts', lazy: () => import('../features/contracts/list/ContractsPage').then((m) => ({ Component: m.ContractsPage })) },
              { path: 'contracts/:id', lazy: () => import('../features/contracts/detail/ContractDetailPage').then((m) => ({ Component: m.ContractDetailPage })) },
              requirePermission('contracts.create', services, [
                { path: 'contracts/new', lazy: () => import('../features/contracts/form/ContractFormPage').then((m) => ({ Component: m.ContractFormPage })) },
                { path: 'contracts/:id/edit', lazy: () => import('../features/contracts/form/ContractFormPage').then((m) => ({ Component: m.ContractFormPage })) },
              ]),
            ]),
            requirePermission('documents.circulation', services, [
              { path: 'documents/circulation', lazy: () => import('../features/documents/circulation/CirculationPage').then((m) => ({ Component: m.CirculationPage })) },
              { path: 'documents/circulation/:id', lazy: () => import('../features/documents/detail/DocumentPage').then((m) => ({ Component: m.DocumentPage })) },
            ]),
            requirePermission('documents.registry', services, [
              { path: 'documents/registry', lazy: () => import('../features/documents/registry/RegistryPage').then((m) => ({ Component: m.RegistryPage })) },
              { path: 'documents/registry/:id', lazy: () => import('../features/documents/registry/RegistryEntryPage').then((m) => ({ Component: m.RegistryEntryPage })) },
            ]),
            requirePermission('news', services, [
              { path: 'news', lazy: () => import('../features/news/NewsFeedPage').then((m) => ({ Component: m.NewsFeedPage })) },
              { path: 'news/:id', lazy: () => import('../features/news/NewsPostPage').then((m) => ({ Component: m.NewsPostPage })) },
              requirePermission('news.create', services, [
                { path: 'news/new', lazy: () => import('../features/news/NewsEditorPage').then((m) => ({ Component: m.NewsEditorPage })) },
                { path: 'news/:id/edit', lazy: () => import('../features/news/NewsEditorPage').then((m) => ({ Component: m.NewsEditorPage })) },
              ]),
            ]),
            requirePermission('schedules', services, [
              { path: 'schedules', lazy: () => import('../features/schedules/SchedulesPage').then((m) => ({ Component: m.SchedulesPage })) },
              { path: 'schedules/leave/:id', lazy: () => import('../features/schedules/LeaveRequestPage').then((m) => ({ Component: m.LeaveRequestPage })) },
            ]),
            requirePermission('helpdesk.categories', services, [
              { path: 'helpdesk/categories', lazy: () => import('../features/helpdesk/admin/HelpdeskCatalogPage').then((m) => ({ Component: m.HelpdeskCatalogPage })) },
            ]),
            requirePermission('finance.debtReports', services, [
              { path: 'finance/debt-reports', lazy: () => import('../features/debts/DebtReportsPage').then((m) => ({ Component: m.DebtReportsPage })) },
              { path: 'finance/debt-reports/:id', lazy: () => import('../features/debts/DebtReportDetailPage').then((m) => ({ Component: m.DebtReportDetailPage })) },
            ]),
            requirePermission('finance.debtReports.dislocation', services, [
              { path: 'finance/dislocation', lazy: () => import('../features/debts/DislocationPage').then((m) => ({ Component: m.DislocationPage })) },
              { path: 'finance/dislocation/:number', lazy: () => import('../features/debts/WagonPage').then((m) => ({ Component: m.WagonPage })) },
            ]),
            requirePermission('admin.users', services, [
              { path: 'admin/users', lazy: () => import('../features/admin/users/UsersPage').then((m) => ({ Component: m.UsersPage })) },
              { path: 'admin/users/:id', lazy: () => import('../features/admin/users/UserDetailPage').then((m) => ({ Component: m.UserDetailPage })) },
            ]),
            requirePermission('admin.userTypes', services, [
              { path: 'admin/user-types', lazy: () => import('../features/admin/user-types/UserTypesPage').then((m) => ({ Component: m.UserTypesPage })) },
            ]),
            requirePermission('admin.permissions', services, [
              { path: 'admin/permissions', lazy: () => import('../features/admin/permissions/PermissionExplainerPage').then((m) => ({ Component: m.PermissionExplainerPage })) },
            ]),
            requirePermission('admin.org', services, [
              { path: 'admin/org', lazy: () => import('../features/admin/org/OrgPage').then((m) => ({ Component: m.OrgPage })) },
            ]),
            requirePermission('admin.referenceLists', services, [
              { path: 'admin/reference-lists', lazy: () => import('../features/admin/reference-lists/ReferenceListsPage').then((m) => ({ Component: m.ReferenceListsPage })) },
            ]),
            requirePermission('admin.translations', services, [
              { path: 'admin/translations', lazy: () => import('../features/admin/translations/TranslationsPage').then((m) => ({ Component: m.TranslationsPage })) },
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
            { path: 'login', loader: loginLoader, lazy: () => import('../features/auth/LoginPage').then((m) => ({ Component: m.LoginPage })) },
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
