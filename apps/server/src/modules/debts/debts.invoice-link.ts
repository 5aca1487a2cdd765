import type { WagonInvoice } from '@servicedesk/contracts';
import type { Db } from '../../db/client';

/*
 * THE SEAM between wagons and vendor invoices (issue #17 "wagons linked to vendor invoices through
 * their transport numbers, shown on both sides"). Vendor invoices and their transport numbers
 * belong to the finance module (issue #16), built in parallel: when it lands it registers its
 * lookup here once (`registerWagonInvoiceLookup`, e.g. from its routes plugin), and the wagon page
 * lists the invoices. The other side — an invoice showing its wagons — calls
 * `POST /api/dislocation/wagons/byNumbers { numbers }` (or debts.service `wagonsByNumbers`) with
 * the invoice's transport numbers. Until finance registers, a wagon shows no invoices.
 */

/** Answers, for each wagon number asked, the vendor invoices naming it among their transport numbers. */
export type WagonInvoiceLookup = (db: Db, wagonNumbers: readonly string[]) => Promise<Map<string, WagonInvoice[]>>;

let lookup: WagonInvoiceLookup | null = null;

/** Finance registers how to find invoices by transport number (replaces an earlier registration). */
export function registerWagonInvoiceLookup(fn: WagonInvoiceLookup | null): void {
  lookup = fn;
}

/** The invoices of `wagonNumbers` (empty until finance registered its lookup). */
export async function invoicesOfWagons(db: Db, wagonNumbers: readonly string[]): Promise<Map<string, WagonInvoice[]>> {
  return lookup ? lookup(db, wagonNumbers) : new Map();
}
