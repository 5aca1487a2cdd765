/*
 * EXPLAIN (ANALYZE, BUFFERS) of every list of the foundation (issue #44) on a database fill.ts
 * filled (100,000 rows each), statement by statement, per role and per sort — through the same
 * service or repository function a route calls, with the list caches off. Roles: the admin (sees
 * every row) and one who sees part of them — the employee where the list admits them (equipment
 * `mine`, my inventories, news); else the least-privileged role that has the list (stock: the
 * warehouse keeper, who sees every row too — stock lists have no row visibility; documents: the IT
 * lead, who reads a tenth of the folders and what is routed to him; vendor invoices: the clerk,
 * author of 60 % and a member of the Hüquq group; the pool and debt reports: the accountant). Each
 * list's default first page, its other sorts, and a deep page: after the cursor of row 5,000 where
 * the list gives one (`nextCursor`), else `skip` 5,000. Runner: bench/support/explain-calls.ts.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/lists_bench node --import tsx bench/lists/explain.ts [--repeat 10] [--full] [--only "stock;news"] [--json out.json --label after] [--jit on]
 *
 * `--jit on` replays with PostgreSQL's JIT on, as the app's connections had it before issue #44 (the
 * "before" runs of RESULTS.md); by default it is off, as they have it now (db/client.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import {
  accountingPoolListQuery,
  debtListQuery,
  documentListQuery,
  equipmentListQuery,
  inventoryListQuery,
  materialListQuery,
  newsListQuery,
  registryListQuery,
  stockOperationListQuery,
  vendorInvoiceListQuery,
  warehouseListQuery,
} from '@servicedesk/contracts';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { prepareDatabase } from '../../apps/server/src/db/prepare';
import { users } from '../../apps/server/src/db/schema';
import { executedRows } from '../../apps/server/src/lib/lists/list-page';
import * as debts from '../../apps/server/src/modules/debts/debts.service';
import { listRegistry } from '../../apps/server/src/modules/documents/documents.registry';
import { listDocuments } from '../../apps/server/src/modules/documents/documents.service';
import { listRequests as listEquipment } from '../../apps/server/src/modules/equipment/equipment.service';
import { listInvoices, listPool } from '../../apps/server/src/modules/finance/finance.service';
import { listPosts } from '../../apps/server/src/modules/news/news.service';
import * as stock from '../../apps/server/src/modules/stock/stock.repository';
import type { AuthUser } from '../../apps/server/src/types';
import { explainCalls, type ExplainCall } from '../support/explain-calls';

const { values } = parseArgs({
  options: {
    repeat: { type: 'string', default: '10' },
    full: { type: 'boolean', default: false },
    only: { type: 'string' },
    json: { type: 'string' },
    label: { type: 'string' },
    // JIT on the replaying connection as on the app's: off since issue #44 (db/client.ts); `--jit on` for code before it.
    jit: { type: 'string', default: 'off' },
  },
});
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the database fill.ts filled');
const dataDir = mkdtempSync(path.join(tmpdir(), 'sd-listsexplain-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', HELPDESK_LIST_CACHE_MS: '0' }, process.cwd(), {
  argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
  webDist: dataDir,
});
const database = await prepareDatabase(config);
const app = await buildApp({ config, database, logger: false });
await app.ready();
const deps = app.deps;
const db = deps.db;
/** The user as the auth guard gives them to a route (groups included). */
const person = async (email: string): Promise<AuthUser> => {
  const [row] = await db.select({ id: users.id, email: users.email, userTypeId: users.userTypeId }).from(users).where(eq(users.email, email));
  const groupIds = executedRows<{ id: number }>(await db.execute(sql`select group_id as id from group_members where user_id = ${row!.id} order by 1`)).map((r) => r.id);
  return { ...row!, groupIds };
};
const who = {
  admin: await person('admin@servicedesk.az'),
  employee: await person('employee@servicedesk.az'),
  keeper: await person('warehouse@servicedesk.az'),
  lead: await person('lead@servicedesk.az'),
  clerk: await person('clerk@servicedesk.az'),
  accountant: await person('accountant@servicedesk.az'),
};
const one = async (text: string): Promise<number> => Number(executedRows<{ v: number }>(await db.execute(sql.raw(text)))[0]!.v);
const mainWarehouse = await one(`select id as v from warehouses where name = 'Mərkəzi anbar'`);
const benchFolder = await one(`select min(id) as v from document_folders where name = 'Bench 10'`);

type Page = { rows: unknown[]; nextCursor?: string | null };
const asPage = (answer: unknown): Page => (typeof answer === 'string' ? JSON.parse(answer) : answer) as Page;

const calls: ExplainCall[] = [];
/**
 * A list's cases: its first page as given, and for `deep` a page 5,000 rows in — after the cursor
 * the page at 4,950 answers, or by skip where the list gives no cursor.
 */
function list<Q extends object>(name: string, page: (q: Q) => Promise<unknown>, query: Q, deep = false) {
  calls.push({ name, run: () => page(query) });
  if (!deep) return;
  calls.push({
    name: `${name}, deep page (row 5,000 on)`,
    prepare: async () => asPage(await page({ ...query, skip: 4950, take: 50 })).nextCursor ?? null,
    run: (cursor) => page(cursor ? { ...query, after: cursor as string, take: 50 } : { ...query, skip: 5000, take: 50 }),
  });
}

// Stock (no row visibility: the keeper sees what the admin sees; the employee only their own units).
for (const as of ['admin', 'keeper'] as const) {
  list(`stock materials elements by code (${as})`, (q) => stock.listMaterialsJson(db, materialListQuery.parse(q), 'az'), { mode: 'elements', take: 500, sort: 'code', sortDir: 'asc' }, as === 'admin');
}
list('stock materials collapsed by code (keeper, the web default)', (q) => stock.listMaterialsJson(db, materialListQuery.parse(q), 'az'), { mode: 'collapsed', take: 500, sort: 'code', sortDir: 'asc' }, true);
for (const sort of ['name', 'group', 'stock', 'createdAt'] as const)
  list(`stock materials elements by ${sort} (keeper)`, (q) => stock.listMaterialsJson(db, materialListQuery.parse(q), 'az'), { mode: 'elements', take: 500, sort, sortDir: sort === 'name' ? 'asc' : 'desc' });
list('stock inventories by number (keeper)', (q) => stock.listInventoriesJson(db, inventoryListQuery.parse(q)), { take: 500, sort: 'inventoryNumber', sortDir: 'asc' }, true);
for (const sort of ['updatedAt', 'status', 'material'] as const)
  list(`stock inventories by ${sort} (keeper)`, (q) => stock.listInventoriesJson(db, inventoryListQuery.parse(q)), { take: 500, sort, sortDir: sort === 'updatedAt' ? 'desc' : 'asc' });
list('stock inventories mine by number (employee)', (q) => stock.listInventoriesJson(db, inventoryListQuery.parse(q), who.employee.id), { take: 500, sort: 'inventoryNumber', sortDir: 'asc' });
list('stock operations newest first (keeper)', (q) => stock.listOperationsJson(db, stockOperationListQuery.parse(q)), { take: 100 }, true);
list("stock operations of a warehouse, newest first (keeper)", (q) => stock.listOperationsJson(db, stockOperationListQuery.parse(q)), { take: 100, warehouseId: mainWarehouse }, true);
for (const sort of ['number', 'postedAt'] as const) list(`stock operations by ${sort} (keeper)`, (q) => stock.listOperationsJson(db, stockOperationListQuery.parse(q)), { take: 100, sort });
list('stock warehouses by name (keeper)', (q) => stock.listWarehousesJson(db, warehouseListQuery.parse(q)), { take: 500, sort: 'name', sortDir: 'asc' }, true);
list('stock warehouses by createdAt (keeper)', (q) => stock.listWarehousesJson(db, warehouseListQuery.parse(q)), { take: 500, sort: 'createdAt', sortDir: 'desc' });

// Equipment requests: the admin's `all`, the employee's `mine`, the keeper's `processing`.
const equipment = (as: AuthUser) => (q: object) => listEquipment(deps, as, equipmentListQuery.parse(q));
for (const sort of ['createdAt', 'number', 'updatedAt', 'status', 'total'] as const) {
  list(`equipment all by ${sort} (admin)`, equipment(who.admin), { scope: 'all', sort }, sort === 'createdAt');
  list(`equipment mine by ${sort} (employee)`, equipment(who.employee), { scope: 'mine', sort });
}
list('equipment processing (keeper)', equipment(who.keeper), { scope: 'processing' }, true);

// Documents: the admin manages every folder; the lead reads a tenth of them and what is routed to him.
const documents = (as: AuthUser) => (q: object) => listDocuments(deps, as, documentListQuery.parse(q), 'az');
for (const [as, user] of [['admin', who.admin], ['lead', who.lead]] as const) {
  for (const sort of ['updatedAt', 'title', 'status'] as const) list(`documents unfinished by ${sort} (${as})`, documents(user), { scope: 'unfinished', sort, sortDir: sort === 'updatedAt' ? 'desc' : 'asc' }, sort === 'updatedAt');
  list(`documents just finished (${as})`, documents(user), { scope: 'justFinished' });
  list(`documents all (${as})`, documents(user), { scope: 'all' }, true);
  list(`documents a folder (${as})`, documents(user), { scope: 'folder', folderId: benchFolder });
}
const registry = (as: AuthUser) => (q: object) => listRegistry(deps, as, registryListQuery.parse(q));
for (const [as, user] of [['admin', who.admin], ['clerk', who.clerk]] as const) {
  list(`registry newest first (${as})`, registry(user), {}, as === 'admin');
  list(`registry by number (${as})`, registry(user), { sort: 'number' });
}

// Finance: the admin sees every invoice; the clerk what they wrote and the Hüquq group's.
const invoices = (as: AuthUser) => (q: object) => listInvoices(deps, as, vendorInvoiceListQuery.parse(q));
for (const [as, user] of [['admin', who.admin], ['clerk', who.clerk]] as const) {
  for (const sort of ['createdAt', 'updatedAt', 'invoiceDate', 'number', 'grossTotal', 'status'] as const)
    list(`vendor invoices all by ${sort} (${as})`, invoices(user), { scope: 'all', sort }, sort === 'createdAt');
  list(`vendor invoices mine (${as})`, invoices(user), { scope: 'mine' });
}
const pool = (as: AuthUser) => (q: object) => listPool(deps, as, accountingPoolListQuery.parse(q));
for (const [as, user] of [['admin', who.admin], ['accountant', who.accountant]] as const) {
  list(`accounting pool (${as})`, pool(user), {}, as === 'admin');
  list(`accounting pool free (${as})`, pool(user), { taken: 'free' });
  list(`accounting pool mine (${as})`, pool(user), { taken: 'mine' });
}

// Debt reports (the accountant and the admin both see every counterparty).
for (const sort of ['balance', 'status', 'lastEntry', 'name'] as const)
  list(`debt reports by ${sort} (accountant)`, (q) => debts.listReports(deps, debtListQuery.parse(q)), { sort }, sort === 'balance');

// News: the admin edits (sees every post); the employee reads what is published to them.
for (const [as, user] of [['admin', who.admin], ['employee', who.employee]] as const) {
  list(`news feed (${as})`, (q) => listPosts(deps, user, newsListQuery.parse(q)), { take: 10 }, true);
  list(`news unconfirmed (${as})`, (q) => listPosts(deps, user, newsListQuery.parse(q)), { take: 10, unconfirmed: true });
}

const only = values.only?.split(';').map((t) => t.trim()).filter(Boolean);
await explainCalls(url, calls, {
  repeat: Number(values.repeat),
  full: values.full,
  only: only?.length ? (name) => only.some((t) => name.includes(t)) : undefined,
  json: values.json,
  label: values.label,
  pgOptions: `-c jit=${values.jit === 'on' ? 'on' : 'off'}`,
});
// The process ends here (its pool closed first).
await database.close();
process.exit(0);
