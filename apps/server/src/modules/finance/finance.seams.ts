import type { FinanceOrderDetail, VendorInvoiceMaterial } from '@servicedesk/contracts';
import type { Db } from '../../db/client';

/*
 * SEAMS to the modules finance depends on but does not own (team brief, issue #16):
 * - stock (#13) owns materials, warehouses and stock operations: the warehouse check's receipt
 *   ({@link recordStockReceipt}) and the line's material picker ({@link searchMaterials});
 * - equipment (#12) owns equipment orders (inventory requests) and budgets: the order an invoice
 *   belongs to ({@link findEquipmentOrder}); budgets read the paid invoices through
 *   finance.budget.ts `paidInvoiceTotals`.
 * Until those modules are merged, each seam answers "nothing there" and finance keeps working on
 * plain ids and free text. Connecting one = replacing the body of ONE function below with a call
 * into the owning module's service; nothing else in finance changes.
 */

/** What arrived, as the warehouse keeper confirmed it at the warehouse check. */
export interface InvoiceReceipt {
  invoiceId: number;
  invoiceNumber: string;
  vendorId: number;
  warehouseId: number | null;
  lines: { lineId: number; materialId: number | null; description: string; unit: string; quantity: number }[];
  actorId: number;
  at: Date;
}

/**
 * SEAM (stock #13): records the receipt operation for the delivered lines, inside the warehouse
 * check's transaction (a failure rolls the decision back); answers the operation id, or null when
 * no stock module is connected (or no line names a catalogue material).
 */
export async function recordStockReceipt(_tx: Db, _receipt: InvoiceReceipt): Promise<number | null> {
  return null;
}

/** SEAM (stock #13): catalogue materials whose name holds `search` (the line's material picker). */
export async function searchMaterials(_db: Db, _search: string | undefined): Promise<VendorInvoiceMaterial[]> {
  return [];
}

/**
 * SEAM (equipment #12): the equipment order (inventory request) of code `INV-YYYY-NNNNNN` or id
 * `codeOrId`; null when there is none — or no equipment module yet.
 */
export async function findEquipmentOrder(_db: Db, _codeOrId: string): Promise<FinanceOrderDetail | null> {
  return null;
}
