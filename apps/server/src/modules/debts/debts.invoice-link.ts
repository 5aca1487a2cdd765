import type { WagonInvoice } from '@servicedesk/contracts';
import type { AppDeps, AuthUser } from '../../types';

/*
 * THE SEAM between wagons and vendor invoices (issue #17 "wagons linked to vendor invoices through
 * their transport numbers, shown on both sides"). Vendor invoices and their transport numbers
 * belong to the finance module (issue #16), built in parallel: when it lands it registers its
 * lookup here once (`registerWagonInvoiceLookup`, e.g. from its routes plugin), and the wagon page
 * lists the invoices. The other side — an invoice showing its wagons — calls
 * `POST /api/dislocation/wagons/byNumbers { numbers }` (or debts.service `wagonsByNumbers`) with
 * the invoice's transport numbers. Until finance registers, a wagon shows no invoices.
 */

/**
 * Answers, for each wagon number asked, the vendor invoices naming it among their transport numbers
 * that `user` may open (issue #42: the wagon's page shows no invoice number its reader would get
 * 403 for — finance applies its invoices' record rule).
 */
export type WagonInvoiceLookup = (deps: AppDeps, user: AuthUser, wagonNumbers: readonly string[]) => Promise<Map<string, WagonInvoice[]>>;

let lookup: WagonInvoiceLookup | null = null;

/** Finance registers how to find invoices by transport number (replaces an earlier registration). */
export function registerWagonInvoiceLookup(fn: WagonInvoiceLookup | null): void {
  lookup = fn;
}

/** The invoices of `wagonNumbers` that `user` may open (empty until finance registered its lookup). */
export async function invoicesOfWagons(deps: AppDeps, user: AuthUser, wagonNumbers: readonly string[]): Promise<Map<string, WagonInvoice[]>> {
  return lookup ? lookup(deps, user, wagonNumbers) : new Map();
}
