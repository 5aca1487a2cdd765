/** Vendor invoice lists, the order and material pickers, and the dashboard figures. finance.service.ts re-exports them. */
import type { z } from 'zod';
import { type FinanceDashboard, type FinanceOrderDetail, type VendorInvoiceListResponse, type VendorInvoiceMaterial, type accountingPoolListQuery, type vendorInvoiceListQuery } from '@servicedesk/contracts';
import { eq } from 'drizzle-orm';
import * as access from '../../lib/access';
import { notFound } from '../../lib/errors';
import { vendorInvoices } from '../../db/schema';
import type { AppDeps, AuthUser } from '../../types';
import * as repo from './finance.repository';
import { findEquipmentOrder, mayViewEquipmentOrder, searchMaterials } from './finance.seams';
import { vendorInvoiceVisibility } from './finance.visibility';

// ---------------------------------------------------------------------------------------------
// Lists, pickers, dashboard
// ---------------------------------------------------------------------------------------------

/** POST /api/finance/vendorInvoices/grid: one page of the invoices the caller sees (JSON text). */
export async function listInvoices(deps: AppDeps, user: AuthUser, q: z.output<typeof vendorInvoiceListQuery>): Promise<VendorInvoiceListResponse> {
  const viewer = await vendorInvoiceVisibility.viewer(deps, user);
  return (await repo.listInvoicesJson(deps.db, viewer, q)) as unknown as VendorInvoiceListResponse;
}

/** POST /api/finance/accountingPool/grid: the invoices waiting in the pool (JSON text). */
export async function listPool(deps: AppDeps, user: AuthUser, q: z.output<typeof accountingPoolListQuery>): Promise<VendorInvoiceListResponse> {
  return (await repo.listPoolJson(deps.db, user.id, q)) as unknown as VendorInvoiceListResponse;
}

/**
 * GET /api/finance/vendorInvoices/orderDetail: the equipment order by code or id, as the caller may
 * know it (issue #42 — the lookup showed an order's title and status to a clerk who gets 403 on the
 * order's own page). The invoice form needs to link an invoice to an order: to know that the
 * order exists and its number. So:
 * - a caller who may open the order's page (equipment's record rule, finance.seams
 *   mayViewEquipmentOrder) gets `{ id, code, title, status }`;
 * - anyone else holding `finance.vendorInvoices.create` (who writes invoices and links them) gets
 *   `{ id, code, title: null, status: null }` — existence and number, no field of the order;
 * - anyone else: 404 `notFound`, the answer of an order that does not exist.
 */
export async function orderDetail(deps: AppDeps, user: AuthUser, codeOrId: string): Promise<FinanceOrderDetail> {
  const order = await findEquipmentOrder(deps.db, codeOrId);
  const none = () => notFound('No equipment order with this code or id.');
  if (!order) throw none();
  if (await mayViewEquipmentOrder(deps, user, order.id)) return order;
  if (await access.hasAction(deps, user, 'finance.vendorInvoices.create')) return { id: order.id, code: order.code, title: null, status: null };
  throw none();
}

/**
 * GET /api/finance/vendorInvoices/materials: catalogue materials (stock), else the free-text line
 * descriptions used before — on the invoices the caller may see only (issue #42: a picker answers
 * no field of a record its caller cannot open).
 */
export async function materials(deps: AppDeps, user: AuthUser, search: string | undefined): Promise<VendorInvoiceMaterial[]> {
  const catalogue = await searchMaterials(deps.db, search);
  if (catalogue.length > 0) return catalogue;
  const viewer = await vendorInvoiceVisibility.viewer(deps, user);
  return (await repo.pastLineDescriptions(deps.db, viewer, search)).map((m) => ({ id: null, name: m.name, unit: m.unit }));
}

/** GET /api/finance/vendorInvoices/transportNumbers: transport numbers used on the live invoices the caller may see (issue #42), holding `search`. */
export async function transportNumbers(deps: AppDeps, user: AuthUser, search: string | undefined): Promise<string[]> {
  return repo.transportNumbers(deps.db, await vendorInvoiceVisibility.viewer(deps, user), search);
}

/**
 * GET /api/finance/dashboard: invoices in the pool (holders of finance.accountingPool), invoices
 * waiting for my step, and this year's paid totals per month (holders of viewAll).
 */
export async function dashboard(deps: AppDeps, user: AuthUser, now = new Date()): Promise<FinanceDashboard> {
  const year = now.getUTCFullYear();
  const [pool, seeAll] = await Promise.all([access.hasAction(deps, user, 'finance.accountingPool'), access.hasAction(deps, user, 'finance.vendorInvoices.viewAll')]);
  const myStep = await repo.countInvoices(deps.db, repo.waitingForSql(user.id));
  const poolWaiting = pool ? await repo.countInvoices(deps.db, eq(vendorInvoices.status, 'ACCOUNTING_POOL')) : null;
  let paidByMonth: FinanceDashboard['paidByMonth'] = null;
  if (seeAll) {
    const totals = await repo.paidByMonth(deps.db, year);
    paidByMonth = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, total: totals.get(i + 1) ?? 0 }));
  }
  return { year, poolWaiting, myStep, paidByMonth };
}
