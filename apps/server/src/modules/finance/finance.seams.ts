import { eq } from 'drizzle-orm';
import type { FinanceOrderDetail, VendorInvoiceMaterial } from '@servicedesk/contracts';
import type { Db } from '../../db/client';
import { equipmentRequests, materials as stockMaterials } from '../../db/schema';
import { inArray } from 'drizzle-orm';
import { postOperationInTx } from '../stock/stock.ledger';
import { searchMaterials as searchStockMaterials } from '../stock/stock.service';
import { mayViewRequest } from '../equipment/equipment.access';
import type { AppDeps, AuthUser } from '../../types';

/*
 * The SEAMS to the modules finance depends on but does not own (team brief, issue #16), now
 * connected (branch equipment, which merged stock):
 * - stock (#13) owns materials, warehouses and the ledger: the warehouse check posts a receipt
 *   ({@link recordStockReceipt}, stock's postOperationInTx) and the lines' picker lists catalogue
 *   materials ({@link searchMaterials});
 * - equipment (#12) owns equipment orders and budgets: the order an invoice belongs to
 *   ({@link findEquipmentOrder}); budgets read the paid invoices through finance.budget.ts
 *   `paidInvoiceTotals`, registered as a consumption source (equipment's registerBudgetConsumption).
 * Each connection is ONE function below.
 */

/** What arrived, as the warehouse keeper confirmed it at the warehouse check. */
export interface InvoiceReceipt {
  invoiceId: number;
  invoiceNumber: string;
  vendorId: number;
  warehouseId: number | null;
  lines: { lineId: number; materialId: number | null; description: string; unit: string; quantity: number; unitPrice: number }[];
  actorId: number;
  at: Date;
}

/**
 * Stock (#13): posts the receipt of the delivered catalogue-material lines into the invoice's
 * warehouse, inside the warehouse check's transaction (a refusal rolls the decision back), valued
 * at the invoice's unit prices (minor units). Answers the operation id, or null when the invoice
 * names no warehouse or no line a catalogue material (free text is not stock).
 */
export async function recordStockReceipt(tx: Db, receipt: InvoiceReceipt): Promise<number | null> {
  const lines = receipt.lines.filter((l) => l.materialId !== null && l.quantity > 0);
  if (receipt.warehouseId === null || lines.length === 0) return null;
  const posted = await postOperationInTx(
    tx,
    {
      kind: 'receipt',
      operationDate: receipt.at,
      warehouseId: receipt.warehouseId,
      vendorId: receipt.vendorId,
      vendorInvoiceRef: receipt.invoiceNumber,
      source: `vendorInvoice:${receipt.invoiceId}`,
      lines: lines.map((l) => ({ materialId: l.materialId as number, quantity: l.quantity, unitCost: l.unitPrice })),
    },
    receipt.actorId,
    receipt.at,
  );
  return posted.id;
}

/** Stock (#13): active catalogue materials whose code or name holds `search` (the lines' picker). */
export async function searchMaterials(db: Db, search: string | undefined): Promise<VendorInvoiceMaterial[]> {
  const rows = await searchStockMaterials(db, search);
  return rows.map((r) => ({ id: r.id, name: `${r.code} · ${r.name}`, unit: r.unitCode }));
}

/** Stock (#13): which of `ids` are active catalogue materials (a line may name only those). */
export async function activeMaterialIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: stockMaterials.id, isActive: stockMaterials.isActive }).from(stockMaterials).where(inArray(stockMaterials.id, [...ids]));
  return new Set(rows.filter((r) => r.isActive).map((r) => r.id));
}

/**
 * Equipment (#12): the equipment order (inventory request) of number `INV-YYYY-NNNNNN` or id
 * `codeOrId`; null when none. Its title and status are the order's fields: answer them only to
 * whoever {@link mayViewEquipmentOrder} (finance.lists orderDetail decides).
 */
export async function findEquipmentOrder(db: Db, codeOrId: string): Promise<FinanceOrderDetail | null> {
  const text = codeOrId.trim();
  const byId = /^\d{1,9}$/.test(text);
  const [row] = await db
    .select({ id: equipmentRequests.id, code: equipmentRequests.number, title: equipmentRequests.justification, status: equipmentRequests.status })
    .from(equipmentRequests)
    .where(byId ? eq(equipmentRequests.id, Number(text)) : eq(equipmentRequests.number, text.toUpperCase()));
  return row ? { id: row.id, code: row.code, title: row.title, status: row.status } : null;
}

/** Equipment (#12): whether `user` may open equipment order `id` on its own page (equipment's record rule: requester, author, approver, viewAll, …). */
export async function mayViewEquipmentOrder(deps: AppDeps, user: AuthUser, id: number): Promise<boolean> {
  return mayViewRequest(deps, user, id);
}
