import type { EInvoiceDetail, EInvoiceImportResult, EInvoiceListResponse, eInvoiceListQuery } from '@servicedesk/contracts';
import type { z } from 'zod';
import * as access from '../../lib/access';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { AppDeps, AuthUser } from '../../types';
import { createVendorInvoice, detail, list, match } from './e-invoices.service';

/*
 * The e-invoice calls that answer a vendor invoice's fields, by the caller (issue #42, record-level
 * checks): an e-invoice names the vendor invoice it matched — its id and number, and in its
 * differences that invoice's totals, date and currency. Those are the vendor invoice's fields, so
 * they are answered only to whoever may open that invoice (its record rule, finance.detail: author,
 * taker, group, viewAll, mentioned, a pending approver's substitute), the same rule as the invoice
 * form's order lookup and a wagon's invoices. Anyone else reading e-invoices gets the e-invoice's
 * own fields — the XML, its vendor and its match status (a register invoice of that number exists,
 * as the order lookup tells an invoice writer an order exists) — with no invoice id, number or
 * differences.
 */

/** Which of `ids` (vendor invoice ids) `user` may open; each asked of the invoice's record rule once. */
async function openInvoiceIds(deps: AppDeps, user: AuthUser, ids: Iterable<number | null>): Promise<Set<number>> {
  const open = new Set<number>();
  for (const id of new Set(ids)) {
    if (id !== null && (await access.explain(deps, user, 'finance.vendorInvoices', { id })).allowed) open.add(id);
  }
  return open;
}

/**
 * A preview's or import's answer (e-invoices.service `preview` / `importFile`) as `user` may read
 * it: each item's matched `vendorInvoice` and `differences` only when the caller may open that
 * invoice, else null and [] (the match itself — what an import stores — is unchanged).
 */
export async function forCaller(deps: AppDeps, user: AuthUser, result: EInvoiceImportResult): Promise<EInvoiceImportResult> {
  const open = await openInvoiceIds(deps, user, result.invoices.map((i) => i.vendorInvoice?.id ?? null));
  return {
    ...result,
    invoices: result.invoices.map((i) => (i.vendorInvoice === null || open.has(i.vendorInvoice.id) ? i : { ...i, vendorInvoice: null, differences: [] })),
  };
}

/**
 * POST /api/finance/eInvoices/grid by the caller: e-invoices.service `list` (its JSON text) with
 * `vendorInvoiceId` / `vendorInvoiceNumber` null on the rows whose vendor invoice the caller may not
 * open. Answers the JSON text of contracts eInvoiceListResponse (typed as the response, as `list` is).
 */
export async function listForCaller(deps: AppDeps, user: AuthUser, q: z.output<typeof eInvoiceListQuery>): Promise<EInvoiceListResponse> {
  const text = (await list(deps, q)) as unknown as string;
  const page = JSON.parse(text) as EInvoiceListResponse;
  const open = await openInvoiceIds(deps, user, page.rows.map((r) => r.vendorInvoiceId));
  if (page.rows.every((r) => r.vendorInvoiceId === null || open.has(r.vendorInvoiceId))) return text as unknown as EInvoiceListResponse;
  const rows = page.rows.map((r) => (r.vendorInvoiceId === null || open.has(r.vendorInvoiceId) ? r : { ...r, vendorInvoiceId: null, vendorInvoiceNumber: null }));
  return JSON.stringify({ ...page, rows }) as unknown as EInvoiceListResponse;
}

/** An e-invoice's detail as `user` may read it: the matched invoice's id, number and the differences only when the caller may open that invoice. */
async function detailOf(deps: AppDeps, user: AuthUser, found: EInvoiceDetail): Promise<EInvoiceDetail> {
  if (found.vendorInvoiceId === null || (await openInvoiceIds(deps, user, [found.vendorInvoiceId])).size > 0) return found;
  return { ...found, vendorInvoiceId: null, vendorInvoiceNumber: null, differences: [] };
}

/** GET /api/finance/eInvoices/{id} by the caller: e-invoices.service `detail` through {@link detailOf}. 404 unknown. */
export async function detailForCaller(deps: AppDeps, user: AuthUser, id: number): Promise<EInvoiceDetail> {
  return detailOf(deps, user, await detail(deps, id));
}

/**
 * POST /api/finance/eInvoices/{id}/match by the caller: e-invoices.service `match` (link the
 * e-invoice to a vendor invoice of its vendor, or unlink it), for a vendor invoice the caller may
 * open only (issue #42). The answer carries the differences between the two — that invoice's
 * totals, date and currency — so an id the caller picks must pass the invoice's record rule
 * (finance.detail: author, taker, group, viewAll, mentioned, a pending approver's substitute)
 * first: else 404 `notFound`, the answer of an invoice that does not exist. Unlinking (null) needs
 * no invoice. Other errors: those of `match` (404 unknown e-invoice, 422 `vendorMismatch`).
 */
export async function matchEInvoice(deps: AppDeps, user: AuthUser, id: number, vendorInvoiceId: number | null): Promise<EInvoiceDetail> {
  if (vendorInvoiceId !== null && !(await access.explain(deps, user, 'finance.vendorInvoices', { id: vendorInvoiceId })).allowed) {
    throw notFound('No such vendor invoice.');
  }
  return match(deps, user, id, vendorInvoiceId);
}

/**
 * POST /api/finance/eInvoices/{id}/createVendorInvoice by the caller: e-invoices.service
 * `createVendorInvoice` (answers contracts vendorInvoiceDetail), whose 409 `eInvoiceAlreadyLinked`
 * names the linked vendor invoice (`details.vendorInvoiceId`) only to a caller who may open that
 * invoice (its record rule, issue #42); anyone else gets the 409 without details — the e-invoice's
 * own fact that it is linked, not which invoice it is linked to. Other errors pass unchanged.
 */
export async function createVendorInvoiceForCaller(
  deps: AppDeps,
  user: AuthUser,
  id: number,
  input: Parameters<typeof createVendorInvoice>[3],
): ReturnType<typeof createVendorInvoice> {
  try {
    return await createVendorInvoice(deps, user, id, input);
  } catch (error) {
    if (error instanceof AppError && error.code === 'eInvoiceAlreadyLinked') {
      const linked = (error.details as { vendorInvoiceId?: number | null } | undefined)?.vendorInvoiceId ?? null;
      if (linked !== null && (await openInvoiceIds(deps, user, [linked])).size === 0) throw conflict('eInvoiceAlreadyLinked', error.message);
    }
    throw error;
  }
}
