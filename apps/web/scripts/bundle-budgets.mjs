#!/usr/bin/env node
/**
 * Bundle budgets of issue #19, checked over Vite's manifest of the built app
 * (`apps/web/dist/.vite/manifest.json`, `build.manifest: true`).
 *
 * For every route below it adds up the gzipped JavaScript the browser loads before the page's
 * data: the entry (index.html's chunk) and every module the route loads on first paint (its
 * layouts, its page, and what those load lazily while the page first renders, e.g. the chart
 * of the dashboard), each with its static imports followed transitively. Each file counts once.
 * Sizes are gzip level 9 (what the server's precompressed `.gz` files / Lighthouse's transfer
 * sizes are close to), in KB of 1,000 bytes, like Vite's build report.
 *
 * Budgets (issue #19): the sign-in page ≤ 130 KB; every other route ≤ 250 KB. Routes not there
 * yet carry a `ceilingKb` (a ratchet): the check fails when a route grows past it.
 *
 *   node scripts/bundle-budgets.mjs            # prints the table; exit 1 when a route is over its ceiling
 *   node scripts/bundle-budgets.mjs --markdown # the same table as Markdown (for the README)
 *
 * A route that loads another module on first paint (a new lazy layout, a lazy field shown at
 * once) must list it in `load`, or its figure would be too small; a listed module missing from
 * the manifest fails the check, so a rename cannot silently drop it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');

/** KB (1,000 bytes) of gzipped JS a route may load before its data (issue #19). */
export const SIGN_IN_BUDGET_KB = 130;
export const ROUTE_BUDGET_KB = 250;

/**
 * The full app (main.tsx loads it for every page but a fresh load of the sign-in form): the
 * providers, the data router and TanStack Query.
 */
const app = 'src/app/app-entry.tsx';
/** The light sign-in entry (main.tsx, app/entry.ts): React, i18n and the login form. */
const signIn = 'src/app/sign-in-entry.tsx';
/** The full app and the lazy layout every signed-in page loads before its first paint (router.tsx). */
const signedIn = [app, 'src/app/layouts/AppShell.tsx'];
/**
 * Loaded by every signed-in page right after its first paint: the hub client (RealtimeProvider)
 * and the bell's sanitiser (DOMPurify, features/notifications/notification-html.ts).
 */
const signedInLater = ['src/realtime/environment.ts', '../../node_modules/dompurify/dist/purify.es.mjs'];
/** Loaded by the /home pages right after their first paint: the staff chat (AppShell). */
const homeLater = [...signedInLater, 'src/features/chat/ChatDock.tsx'];
/** A list's grid (AppDataTable): loaded when the list first renders, in parallel with its first request. */
const grid = '../../packages/ui/src/DataTable/index.ts';
/** The lazily loaded fields (features/shared/lazy-fields.tsx), shown a moment after the page paints. */
const datePicker = '../../packages/ui/src/DatePicker/index.ts';
const dateRangePicker = '../../packages/ui/src/DateRangePicker/index.ts';
const fileField = 'src/features/shared/files/FileUploadField.tsx';
/** The record pages' approval chain (shared/record/lazy-approval-chain.ts), preloaded with the record. */
const approvalChain = 'src/features/shared/record/ApprovalChain.tsx';
/** The record kit's decision section (chain + DecisionBar), preloaded with the record. */
const recordDecision = 'src/features/shared/record/RecordDecision.tsx';
/** Form fields the forms preload with their reference data (lazy-fields.tsx `usePreload`); the Select has no key of its own. */
const numberField = '../../packages/ui/src/NumberField/index.ts';
const selectSearch = '../../packages/ui/src/SelectSearch/index.ts';
const comboBox = '../../packages/ui/src/ComboBox/index.ts';
/** A back-office module's page list (features/<area>/routes.ts): the router loads it, then the page. */
const pages = (area) => `src/features/${area}/routes.ts`;

/**
 * The routes measured: `load` = manifest keys (source paths from apps/web) loaded before the
 * first paint besides index.html (index.html preloads them, scripts/route-preload.mjs, unless
 * `preload: false`); `permissions` = the page-permission action keys the router checks there (its
 * `requirePermission` routes, outer first: index.html starts those checks with the files,
 * src/features/access/early-permission.ts; held to the router by src/app/route-permissions-table.test.ts);
 * `boot` = the i18n keys of the page's heading and lead, drawn by index.html's boot shell before the
 * scripts load (src/app/boot-shell.ts; `{part}` = the part of the day; held to the pages by
 * src/app/boot-shell.pages.test.tsx); `later` = what the route loads lazily after it (the hub, the
 * chat) or with its data (the chart) — printed, not budgeted. `ceilingKb` is the ratchet the
 * check enforces while a route is still over its budget (issue #19 target): lower it whenever
 * a route gets lighter, never raise it without a reason written in apps/web/README.md. Ceilings
 * sit ~2 KB above the figures of apps/web/README.md (2026-11-25), so a few hundred bytes of
 * ordinary work do not trip them while an eager field, dialog, chart or table (5–30 KB) does.
 */
export const routes = [
  // Not preloaded from index.html (route-preload.mjs): its chain is two links long, and on slow 4G the
  // form's files fetched at once held back the translations and framework (largest paint 2.43 → 2.65 s).
  { name: 'sign-in', path: '/auth/login', budgetKb: SIGN_IN_BUDGET_KB, load: [signIn], preload: false },
  { name: 'sign-in in the app', path: '/auth/login (after a logout)', load: [app, 'src/features/auth/LoginRoute.tsx'] },
  { name: 'forgot password', path: '/auth/forgot-password', load: [app, 'src/features/auth/ForgotPasswordPage.tsx'] },
  { name: 'reset password', path: '/auth/reset-password', load: [app, 'src/features/auth/ResetPasswordPage.tsx'] },
  { name: '404', path: '/error-404', load: [app] },
  {
    name: 'dashboard',
    path: '/home/dashboard',
    load: [...signedIn, 'src/features/dashboard/DashboardPage.tsx'],
    boot: ['dashboard.greeting.{part}', 'dashboard.subtitle'],
    later: [...homeLater, '../../packages/ui/src/Chart/index.ts'],
  },
  { name: 'signed-in shell', path: '/home (shell alone)', load: [...signedIn], later: homeLater },
  { name: 'help-desk list', path: '/home/helpdesk/requests', permissions: ['helpdesk.requests'], boot: ['helpdesk.list.title', 'helpdesk.list.description'], ceilingKb: 253, load: [...signedIn, pages('helpdesk'), 'src/features/helpdesk/list/HelpdeskRequestsPage.tsx'], later: [...homeLater, grid, dateRangePicker] },
  { name: 'news', path: '/home/news', permissions: ['news'], load: [...signedIn, pages('news'), 'src/features/news/NewsFeedPage.tsx'], later: homeLater },
  { name: 'news post', path: '/home/news/:id', permissions: ['news'], load: [...signedIn, pages('news'), 'src/features/news/NewsPostPage.tsx'], later: homeLater },
  { name: 'news editor', path: '/home/news/new', permissions: ['news', 'news.create'], load: [...signedIn, pages('news'), 'src/features/news/NewsEditorPage.tsx'], later: [...homeLater, fileField] },
  { name: 'schedules', path: '/home/schedules', permissions: ['schedules'], load: [...signedIn, pages('schedules'), 'src/features/schedules/SchedulesPage.tsx'], later: homeLater },
  { name: 'leave request', path: '/home/schedules/leave/:id', permissions: ['schedules'], load: [...signedIn, pages('schedules'), 'src/features/schedules/LeaveRequestPage.tsx'], later: homeLater },
  { name: 'help-desk request', path: '/home/helpdesk/requests/:id', permissions: ['helpdesk.requests'], ceilingKb: 254, load: [...signedIn, pages('helpdesk'), 'src/features/helpdesk/detail/RequestDetailPage.tsx'], later: [...homeLater, fileField, approvalChain] },
  { name: 'help-desk new', path: '/home/helpdesk/requests/new', permissions: ['helpdesk.requests', 'helpdesk.requests.create'], ceilingKb: 253, load: [...signedIn, pages('helpdesk'), 'src/features/helpdesk/create/CreateRequestPage.tsx'], later: [...homeLater, fileField] },
  { name: 'contracts list', path: '/home/contracts', permissions: ['contracts'], boot: ['contracts.list.title', 'contracts.list.description'], load: [...signedIn, pages('contracts'), 'src/features/contracts/list/ContractsPage.tsx'], later: [...homeLater, grid] },
  { name: 'contract', path: '/home/contracts/:id', permissions: ['contracts'], ceilingKb: 253, load: [...signedIn, pages('contracts'), 'src/features/contracts/detail/ContractDetailPage.tsx'], later: [...homeLater, approvalChain] },
  { name: 'contract form', path: '/home/contracts/new', permissions: ['contracts', 'contracts.create'], load: [...signedIn, pages('contracts'), 'src/features/contracts/form/ContractFormPage.tsx'], later: [...homeLater, datePicker, fileField] },
  { name: 'help-desk catalogue', path: '/home/helpdesk/categories', permissions: ['helpdesk.categories'], boot: ['helpdesk.catalog.title', 'helpdesk.catalog.description'], load: [...signedIn, pages('helpdesk'), 'src/features/helpdesk/admin/HelpdeskCatalogPage.tsx'], later: homeLater },
  { name: 'vendor invoices', path: '/home/finance/vendor-invoices', permissions: ['finance.vendorInvoices'], boot: ['finance.list.title', 'finance.list.description'], load: [...signedIn, pages('finance'), 'src/features/finance/invoices/VendorInvoicesPage.tsx'], later: [...homeLater, grid] },
  { name: 'vendor invoice', path: '/home/finance/vendor-invoices/:id', permissions: ['finance.vendorInvoices'], load: [...signedIn, pages('finance'), 'src/features/finance/invoices/VendorInvoiceDetailPage.tsx'], later: [...homeLater, approvalChain] },
  { name: 'vendor invoice form', path: '/home/finance/vendor-invoices/new', permissions: ['finance.vendorInvoices', 'finance.vendorInvoices.create'], ceilingKb: 254, load: [...signedIn, pages('finance'), 'src/features/finance/invoices/VendorInvoiceFormPage.tsx'], later: [...homeLater, datePicker, fileField] },
  { name: 'accounting pool', path: '/home/finance/accounting-pool', permissions: ['finance.accountingPool'], boot: ['finance.pool.title', 'finance.pool.description'], load: [...signedIn, pages('finance'), 'src/features/finance/pool/AccountingPoolPage.tsx'], later: [...homeLater, grid] },
  { name: 'e-invoices', path: '/home/finance/e-invoices', permissions: ['finance.eInvoices'], boot: ['finance.eInvoices.title', 'finance.eInvoices.description'], ceilingKb: 253, load: [...signedIn, pages('finance'), 'src/features/finance/e-invoices/EInvoicesPage.tsx'], later: [...homeLater, grid] },
  { name: 'equipment requests', path: '/home/inventory/requests', permissions: ['inventory.requests'], boot: ['equipment.list.title', 'equipment.list.description'], load: [...signedIn, pages('equipment'), 'src/features/equipment/list/EquipmentRequestsPage.tsx'], later: [...homeLater, grid] },
  { name: 'equipment processing', path: '/home/inventory/processing', permissions: ['inventory.processing'], boot: ['equipment.processing.title', 'equipment.processing.description'], load: [...signedIn, pages('equipment'), 'src/features/equipment/list/ProcessingPage.tsx'], later: [...homeLater, grid] },
  { name: 'budgets', path: '/home/inventory/budgets', permissions: ['inventory.requests'], boot: ['equipment.budgets.title', 'equipment.budgets.description'], load: [...signedIn, pages('equipment'), 'src/features/equipment/budgets/BudgetsPage.tsx'], later: homeLater },
  { name: 'equipment request', path: '/home/inventory/requests/:id', permissions: ['inventory.requests'], ceilingKb: 260, load: [...signedIn, pages('equipment'), 'src/features/equipment/detail/EquipmentRequestDetailPage.tsx'], later: [...homeLater, approvalChain, 'src/features/equipment/detail/DecisionSection.tsx'] },
  { name: 'equipment form', path: '/home/inventory/requests/new', permissions: ['inventory.requests', 'inventory.requests.create'], load: [...signedIn, pages('equipment'), 'src/features/equipment/form/EquipmentRequestFormPage.tsx'], later: [...homeLater, fileField, numberField, selectSearch] },
  { name: 'materials', path: '/home/inventory/materials', permissions: ['inventory.materials'], boot: ['stock.materials.title', 'stock.materials.description'], load: [...signedIn, pages('stock'), 'src/features/stock/MaterialsPage.tsx'], later: [...homeLater, grid] },
  { name: 'material', path: '/home/inventory/materials/:id', permissions: ['inventory.materials'], load: [...signedIn, pages('stock'), 'src/features/stock/MaterialDetailPage.tsx'], later: homeLater },
  { name: 'warehouses', path: '/home/inventory/warehouses', permissions: ['inventory.warehouses'], boot: ['stock.warehouses.title', 'stock.warehouses.description'], ceilingKb: 254, load: [...signedIn, pages('stock'), 'src/features/stock/WarehousesPage.tsx'], later: [...homeLater, grid] },
  { name: 'stock operation', path: '/home/inventory/warehouses/operations/:id', permissions: ['inventory.warehouses'], load: [...signedIn, pages('stock'), 'src/features/stock/OperationDetailPage.tsx'], later: homeLater },
  { name: 'stock operation form', path: '/home/inventory/warehouses/operations/new', permissions: ['inventory.warehouses', 'inventory.warehouses.operation'], load: [...signedIn, pages('stock'), 'src/features/stock/OperationPages.tsx'], later: [...homeLater, numberField, comboBox] },
  { name: 'stock count', path: '/home/inventory/warehouses/count', permissions: ['inventory.warehouses', 'inventory.warehouses.operation'], boot: ['stock.count.title', 'stock.count.description'], load: [...signedIn, pages('stock'), 'src/features/stock/CountPage.tsx'], later: homeLater },
  { name: 'inventories', path: '/home/inventory/inventories', permissions: ['inventory.inventories'], boot: ['stock.inventories.title', 'stock.inventories.description'], ceilingKb: 254, load: [...signedIn, pages('stock'), 'src/features/stock/InventoryPages.tsx'], later: [...homeLater, grid] },
  { name: 'document circulation', path: '/home/documents/circulation', permissions: ['documents.circulation'], boot: ['documents.circulation.title', 'documents.circulation.description'], load: [...signedIn, pages('documents'), 'src/features/documents/circulation/CirculationPage.tsx'], later: [...homeLater, grid] },
  { name: 'document', path: '/home/documents/circulation/:id', permissions: [], load: [...signedIn, pages('documents'), 'src/features/documents/detail/DocumentPage.tsx'], later: [...homeLater, fileField, approvalChain, 'src/features/shared/record/RecordCommentForm.tsx'] },
  { name: 'document registry', path: '/home/documents/registry', permissions: ['documents.registry'], boot: ['documents.registry.title', 'documents.registry.description'], ceilingKb: 253, load: [...signedIn, pages('documents'), 'src/features/documents/registry/RegistryPage.tsx'], later: [...homeLater, grid] },
  { name: 'registry entry', path: '/home/documents/registry/:id', permissions: ['documents.registry'], load: [...signedIn, pages('documents'), 'src/features/documents/registry/RegistryEntryPage.tsx'], later: [...homeLater, approvalChain, recordDecision] },
  { name: 'users', path: '/home/admin/users', permissions: ['admin.users'], boot: ['layout.menu.users', 'admin.users.description'], load: [...signedIn, pages('admin'), 'src/features/admin/users/UsersPage.tsx'], later: [...homeLater, grid] },
  { name: 'user', path: '/home/admin/users/:id', permissions: ['admin.users'], load: [...signedIn, pages('admin'), 'src/features/admin/users/UserDetailPage.tsx'], later: homeLater },
  { name: 'user types', path: '/home/admin/user-types', permissions: ['admin.userTypes'], boot: ['layout.menu.userTypes', 'admin.userTypes.description'], load: [...signedIn, pages('admin'), 'src/features/admin/user-types/UserTypesPage.tsx'], later: [...homeLater, grid] },
  { name: 'permissions', path: '/home/admin/permissions', permissions: ['admin.permissions'], boot: ['layout.menu.permissions', 'admin.permissions.description'], load: [...signedIn, pages('admin'), 'src/features/admin/permissions/PermissionExplainerPage.tsx'], later: homeLater },
  { name: 'organisation', path: '/home/admin/org', permissions: ['admin.org'], boot: ['layout.menu.org', 'adminOrg.description'], load: [...signedIn, pages('admin'), 'src/features/admin/org/OrgPage.tsx'], later: homeLater },
  { name: 'reference lists', path: '/home/admin/reference-lists', permissions: ['admin.referenceLists'], boot: ['layout.menu.referenceLists', 'adminOrg.reference.pageDescription'], load: [...signedIn, pages('admin'), 'src/features/admin/reference-lists/ReferenceListsPage.tsx'], later: homeLater },
  { name: 'translations', path: '/home/admin/translations', permissions: ['admin.translations'], boot: ['layout.menu.translations', 'adminOrg.translations.description'], load: [...signedIn, pages('admin'), 'src/features/admin/translations/TranslationsPage.tsx'], later: homeLater },
  { name: 'debt reports', path: '/home/finance/debt-reports', permissions: ['finance.debtReports'], boot: ['debts.title', 'debts.description'], ceilingKb: 253, load: [...signedIn, pages('debts'), 'src/features/debts/DebtReportsPage.tsx'], later: [...homeLater, '../../packages/ui/src/Chart/index.ts', grid] },
  { name: 'debt report', path: '/home/finance/debt-reports/:id', permissions: ['finance.debtReports'], ceilingKb: 255, load: [...signedIn, pages('debts'), 'src/features/debts/DebtReportDetailPage.tsx'], later: [...homeLater, '../../packages/ui/src/Chart/index.ts', datePicker] },
  { name: 'dislocation', path: '/home/finance/dislocation', permissions: ['finance.debtReports.dislocation'], boot: ['debts.dislocation.title', 'debts.dislocation.description'], load: [...signedIn, pages('debts'), 'src/features/debts/DislocationPage.tsx'], later: [...homeLater, grid] },
  { name: 'wagon', path: '/home/finance/dislocation/:number', permissions: ['finance.debtReports.dislocation'], load: [...signedIn, pages('debts'), 'src/features/debts/WagonPage.tsx'], later: homeLater },
  { name: 'my approvals', path: '/home/approvals', permissions: ['approvals'], boot: ['approvals.title', 'approvals.description'], load: [...signedIn, pages('approvals'), 'src/features/approvals/MyApprovalsPage.tsx'], later: homeLater },
  { name: 'download', path: '/home/download', load: [...signedIn, 'src/features/files/FileDownloadPage.tsx'], later: homeLater },
  { name: 'profile', path: '/user/profile', load: [...signedIn, 'src/features/profile/ProfilePage.tsx'], later: [...signedInLater, 'src/features/approvals/DelegationSection.tsx', 'src/features/profile/NotificationPreferencesCard.tsx'] },
  { name: 'login history', path: '/user/login-history', boot: ['account.loginHistory.title', 'account.loginHistory.description'], load: [...signedIn, 'src/features/login-history/LoginHistoryPage.tsx'], later: signedInLater },
];

/**
 * Measures every route of {@link routes} against a Vite manifest.
 * @param {Record<string, {file: string, imports?: string[]}>} manifest Vite's manifest.json
 * @param {(file: string) => number} gzipBytes gzipped size in bytes of a built file (dist-relative)
 * @returns {{name: string, path: string, budgetKb: number, files: number, kb: number, over: boolean, missing: string[]}[]}
 */
export function measureRoutes(manifest, gzipBytes, routeList = routes) {
  return routeList.map((route) => {
    const budgetKb = route.budgetKb ?? ROUTE_BUDGET_KB;
    const ceilingKb = route.ceilingKb ?? budgetKb;
    const missing = [];
    const seen = new Set();
    /** Adds `key`'s JS file and its static imports (transitively) to `files`. */
    const visit = (key, files) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) {
        missing.push(key);
        return;
      }
      if (chunk.file.endsWith('.js')) files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported, files);
    };
    const first = new Set();
    for (const key of ['index.html', ...route.load]) visit(key, first);
    const later = new Set();
    for (const key of route.later ?? []) visit(key, later);
    const sum = (files) => [...files].reduce((total, file) => total + gzipBytes(file), 0) / 1000;
    const kb = sum(first);
    return {
      name: route.name,
      path: route.path,
      budgetKb,
      ceilingKb,
      files: first.size,
      kb,
      laterKb: sum(later),
      overBudget: kb > budgetKb,
      failed: kb > ceilingKb || missing.length > 0,
      missing,
    };
  });
}

function main() {
  if (!existsSync(manifestPath)) {
    console.error(`bundle budgets: ${manifestPath} is missing — run \`npm run build -w @servicedesk/web\` first.`);
    process.exit(1);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const cache = new Map();
  const gzipBytes = (file) => {
    if (!cache.has(file)) cache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
    return cache.get(file);
  };
  const results = measureRoutes(manifest, gzipBytes);
  const markdown = process.argv.includes('--markdown');
  if (markdown) {
    console.log('| route | path | JS files | gzip KB before data | + later KB | budget KB | ceiling KB |');
    console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
  }
  for (const r of results) {
    const kb = r.kb.toFixed(1);
    const later = r.laterKb ? `+${r.laterKb.toFixed(1)}` : '';
    if (markdown) console.log(`| ${r.name} | \`${r.path}\` | ${r.files} | ${kb} | ${later} | ${r.budgetKb} | ${r.ceilingKb} |`);
    else {
      const status = r.failed ? 'FAIL' : r.overBudget ? 'over' : 'ok  ';
      console.log(
        `${status} ${r.name.padEnd(20)} ${r.path.padEnd(30)} ${String(r.files).padStart(3)} files ${kb.padStart(7)} KB ${later.padStart(7)} later   budget ${r.budgetKb} KB, ceiling ${r.ceilingKb} KB`,
      );
    }
    for (const key of r.missing) console.log(`     ${key} is not in the manifest (renamed? update scripts/bundle-budgets.mjs)`);
  }
  const failed = results.filter((r) => r.failed);
  const over = results.filter((r) => r.overBudget);
  if (failed.length) {
    console.error(`bundle budgets: ${failed.length} route(s) over their ceiling: ${failed.map((r) => r.name).join(', ')}`);
    process.exit(1);
  }
  if (!markdown) {
    console.log(
      over.length
        ? `bundle budgets: ${results.length - over.length} of ${results.length} routes within budget; still over (within their ceiling): ${over.map((r) => r.name).join(', ')}`
        : `bundle budgets: all ${results.length} routes within budget`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
