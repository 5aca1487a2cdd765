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

/** The lazy layout every signed-in page loads before its first paint (router.tsx). */
const signedIn = ['src/app/layouts/AppShell.tsx'];
/** Loaded by every signed-in page right after its first paint: the hub client (RealtimeProvider). */
const signedInLater = ['src/realtime/environment.ts'];
/** Loaded by the /home pages right after their first paint: the staff chat (AppShell). */
const homeLater = [...signedInLater, 'src/features/chat/ChatDock.tsx'];

/**
 * The routes measured: `load` = manifest keys (source paths from apps/web) loaded before the
 * first paint besides index.html; `later` = what the route loads lazily after it (the hub, the
 * chat) or with its data (the chart) — printed, not budgeted. `ceilingKb` is the ratchet the
 * check enforces while a route is still over its budget (issue #19 target): lower it whenever
 * a route gets lighter, never raise it without a reason written in apps/web/README.md. Ceilings
 * sit ~5 KB above the figures of apps/web/README.md, so ordinary work does not trip them while
 * an eager chart or table (tens of KB) does.
 */
export const routes = [
  { name: 'sign-in', path: '/auth/login', budgetKb: SIGN_IN_BUDGET_KB, ceilingKb: 210, load: ['src/features/auth/LoginPage.tsx'] },
  { name: 'forgot password', path: '/auth/forgot-password', load: ['src/features/auth/ForgotPasswordPage.tsx'] },
  { name: 'reset password', path: '/auth/reset-password', load: ['src/features/auth/ResetPasswordPage.tsx'] },
  { name: '404', path: '/error-404', load: [] },
  {
    name: 'dashboard',
    path: '/home/dashboard',
    ceilingKb: 291,
    load: [...signedIn, 'src/features/dashboard/DashboardPage.tsx'],
    later: [...homeLater, '../../packages/ui/src/Chart/index.ts'],
  },
  { name: 'signed-in shell', path: '/home (shell alone)', ceilingKb: 270, load: [...signedIn], later: homeLater },
  { name: 'help-desk list', path: '/home/helpdesk/requests', ceilingKb: 375, load: [...signedIn, 'src/features/helpdesk/list/HelpdeskRequestsPage.tsx'], later: homeLater },
  { name: 'news', path: '/home/news', ceilingKb: 275, load: [...signedIn, 'src/features/news/NewsFeedPage.tsx'], later: homeLater },
  { name: 'news post', path: '/home/news/:id', ceilingKb: 315, load: [...signedIn, 'src/features/news/NewsPostPage.tsx'], later: homeLater },
  { name: 'news editor', path: '/home/news/new', ceilingKb: 308, load: [...signedIn, 'src/features/news/NewsEditorPage.tsx'], later: homeLater },
  { name: 'schedules', path: '/home/schedules', ceilingKb: 284, load: [...signedIn, 'src/features/schedules/SchedulesPage.tsx'], later: homeLater },
  { name: 'leave request', path: '/home/schedules/leave/:id', ceilingKb: 287, load: [...signedIn, 'src/features/schedules/LeaveRequestPage.tsx'], later: homeLater },
  { name: 'help-desk request', path: '/home/helpdesk/requests/:id', ceilingKb: 334, load: [...signedIn, 'src/features/helpdesk/detail/RequestDetailPage.tsx'], later: homeLater },
  { name: 'help-desk new', path: '/home/helpdesk/requests/new', ceilingKb: 323, load: [...signedIn, 'src/features/helpdesk/create/CreateRequestPage.tsx'], later: homeLater },
  { name: 'contracts list', path: '/home/contracts', ceilingKb: 326, load: [...signedIn, 'src/features/contracts/list/ContractsPage.tsx'], later: homeLater },
  { name: 'contract', path: '/home/contracts/:id', ceilingKb: 321, load: [...signedIn, 'src/features/contracts/detail/ContractDetailPage.tsx'], later: homeLater },
  { name: 'contract form', path: '/home/contracts/new', ceilingKb: 371, load: [...signedIn, 'src/features/contracts/form/ContractFormPage.tsx'], later: homeLater },
  { name: 'help-desk catalogue', path: '/home/helpdesk/categories', ceilingKb: 305, load: [...signedIn, 'src/features/helpdesk/admin/HelpdeskCatalogPage.tsx'], later: homeLater },
  { name: 'vendor invoices', path: '/home/finance/vendor-invoices', ceilingKb: 329, load: [...signedIn, 'src/features/finance/invoices/VendorInvoicesPage.tsx'], later: homeLater },
  { name: 'vendor invoice', path: '/home/finance/vendor-invoices/:id', ceilingKb: 375, load: [...signedIn, 'src/features/finance/invoices/VendorInvoiceDetailPage.tsx'], later: homeLater },
  { name: 'vendor invoice form', path: '/home/finance/vendor-invoices/new', ceilingKb: 372, load: [...signedIn, 'src/features/finance/invoices/VendorInvoiceFormPage.tsx'], later: homeLater },
  { name: 'accounting pool', path: '/home/finance/accounting-pool', ceilingKb: 328, load: [...signedIn, 'src/features/finance/pool/AccountingPoolPage.tsx'], later: homeLater },
  { name: 'e-invoices', path: '/home/finance/e-invoices', ceilingKb: 328, load: [...signedIn, 'src/features/finance/e-invoices/EInvoicesPage.tsx'], later: homeLater },
  { name: 'equipment requests', path: '/home/inventory/requests', ceilingKb: 370, load: [...signedIn, 'src/features/equipment/list/EquipmentRequestsPage.tsx'], later: homeLater },
  { name: 'equipment processing', path: '/home/inventory/processing', ceilingKb: 370, load: [...signedIn, 'src/features/equipment/list/ProcessingPage.tsx'], later: homeLater },
  { name: 'equipment request', path: '/home/inventory/requests/:id', ceilingKb: 347, load: [...signedIn, 'src/features/equipment/detail/EquipmentRequestDetailPage.tsx'], later: homeLater },
  { name: 'equipment form', path: '/home/inventory/requests/new', ceilingKb: 348, load: [...signedIn, 'src/features/equipment/form/EquipmentRequestFormPage.tsx'], later: homeLater },
  { name: 'materials', path: '/home/inventory/materials', ceilingKb: 370, load: [...signedIn, 'src/features/stock/MaterialsPage.tsx'], later: homeLater },
  { name: 'material', path: '/home/inventory/materials/:id', ceilingKb: 320, load: [...signedIn, 'src/features/stock/MaterialDetailPage.tsx'], later: homeLater },
  { name: 'warehouses', path: '/home/inventory/warehouses', ceilingKb: 370, load: [...signedIn, 'src/features/stock/WarehousesPage.tsx'], later: homeLater },
  { name: 'stock operation', path: '/home/inventory/warehouses/operations/:id', ceilingKb: 320, load: [...signedIn, 'src/features/stock/OperationPages.tsx'], later: homeLater },
  { name: 'stock count', path: '/home/inventory/warehouses/count', ceilingKb: 320, load: [...signedIn, 'src/features/stock/CountPage.tsx'], later: homeLater },
  { name: 'inventories', path: '/home/inventory/inventories', ceilingKb: 370, load: [...signedIn, 'src/features/stock/InventoryPages.tsx'], later: homeLater },
  { name: 'document circulation', path: '/home/documents/circulation', ceilingKb: 359, load: [...signedIn, 'src/features/documents/circulation/CirculationPage.tsx'], later: homeLater },
  { name: 'document', path: '/home/documents/circulation/:id', ceilingKb: 327, load: [...signedIn, 'src/features/documents/detail/DocumentPage.tsx'], later: homeLater },
  { name: 'document registry', path: '/home/documents/registry', ceilingKb: 328, load: [...signedIn, 'src/features/documents/registry/RegistryPage.tsx'], later: homeLater },
  { name: 'registry entry', path: '/home/documents/registry/:id', ceilingKb: 289, load: [...signedIn, 'src/features/documents/registry/RegistryEntryPage.tsx'], later: homeLater },
  { name: 'users', path: '/home/admin/users', ceilingKb: 375, load: [...signedIn, 'src/features/admin/users/UsersPage.tsx'], later: homeLater },
  { name: 'user', path: '/home/admin/users/:id', ceilingKb: 343, load: [...signedIn, 'src/features/admin/users/UserDetailPage.tsx'], later: homeLater },
  { name: 'user types', path: '/home/admin/user-types', ceilingKb: 329, load: [...signedIn, 'src/features/admin/user-types/UserTypesPage.tsx'], later: homeLater },
  { name: 'permissions', path: '/home/admin/permissions', ceilingKb: 298, load: [...signedIn, 'src/features/admin/permissions/PermissionExplainerPage.tsx'], later: homeLater },
  { name: 'organisation', path: '/home/admin/org', ceilingKb: 302, load: [...signedIn, 'src/features/admin/org/OrgPage.tsx'], later: homeLater },
  { name: 'reference lists', path: '/home/admin/reference-lists', ceilingKb: 283, load: [...signedIn, 'src/features/admin/reference-lists/ReferenceListsPage.tsx'], later: homeLater },
  { name: 'translations', path: '/home/admin/translations', ceilingKb: 293, load: [...signedIn, 'src/features/admin/translations/TranslationsPage.tsx'], later: homeLater },
  { name: 'debt reports', path: '/home/finance/debt-reports', ceilingKb: 330, load: [...signedIn, 'src/features/debts/DebtReportsPage.tsx'], later: [...homeLater, '../../packages/ui/src/Chart/index.ts'] },
  { name: 'debt report', path: '/home/finance/debt-reports/:id', ceilingKb: 349, load: [...signedIn, 'src/features/debts/DebtReportDetailPage.tsx'], later: [...homeLater, '../../packages/ui/src/Chart/index.ts'] },
  { name: 'dislocation', path: '/home/finance/dislocation', ceilingKb: 329, load: [...signedIn, 'src/features/debts/DislocationPage.tsx'], later: homeLater },
  { name: 'wagon', path: '/home/finance/dislocation/:number', ceilingKb: 278, load: [...signedIn, 'src/features/debts/WagonPage.tsx'], later: homeLater },
  { name: 'my approvals', path: '/home/approvals', ceilingKb: 288, load: [...signedIn, 'src/features/approvals/MyApprovalsPage.tsx'], later: homeLater },
  { name: 'download', path: '/home/download', ceilingKb: 275, load: [...signedIn, 'src/features/files/FileDownloadPage.tsx'], later: homeLater },
  { name: 'profile', path: '/user/profile', ceilingKb: 280, load: [...signedIn, 'src/features/profile/ProfilePage.tsx'], later: [...signedInLater, 'src/features/approvals/DelegationSection.tsx'] },
  { name: 'login history', path: '/user/login-history', ceilingKb: 274, load: [...signedIn, 'src/features/login-history/LoginHistoryPage.tsx'], later: signedInLater },
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
