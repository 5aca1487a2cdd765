/** Vendor invoice lists, the order and material pickers, and the dashboard figures. finance.service.ts re-exports them. */
import type { z } from 'zod';
import { type FinanceDashboard, type FinanceOrderDetail, type VendorInvoiceListResponse, type VendorInvoiceMaterial, type accountingPoolListQuery, type vendorInvoiceListQuery } from '@servicedesk/contracts';
import { eq } from 'drizzle-orm';
import * as access from '../../lib/access';
import { notFound } from '../../lib/errors';
import { vendorInvoices } from '../../db/schema';
import type { AppDeps, AuthUser } from '../../types';
import * as repo from './finance.repository';
import { findEquipmentOrder, searchMaterials } from './finance.seams';
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

/** GET /api/finance/vendorInvoices/orderDetail: the equipment order by code or id, or 404. */
export async function orderDetail(deps: AppDeps, codeOrId: string): Promise<FinanceOrderDetail> {
  const order = await findEquipmentOrder(deps.db, codeOrId);
  if (!order) throw notFound('No equipment order with this code or id.');
  return order;
}

/** GET /api/finance/vendorInvoices/materials: catalogue materials (stock), else descriptions used before. */
export async function materials(deps: AppDeps, search: string | undefined): Promise<VendorInvoiceMaterial[]> {
  const catalogue = await searchMaterials(deps.db, search);
  if (catalogue.length > 0) return catalogue;
  return (await repo.pastLineDescriptions(deps.db, search)).map((m) => ({ id: null, name: m.name, unit: m.unit }));
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
