/*
 * The zod-free half of ../finance.ts (codes, limits and pure rules), which re-exports all of it:
 * client code that needs only these does not load zod and the schemas with its first paint
 * (issue #19's bundle budgets). Never import zod or a schema here (test/plain.test.ts).
 */
import { defineMachine } from '../machine';
import { COMMENT_MIN_LENGTH } from './records';
import type { LineTotals, VendorInvoiceStatus, VendorInvoiceTransition } from '../finance';

/*
 * Finance (DOMAIN.md "Finance", issue #16; SPEC §7 catalogue: vendor invoices — save, next
 * process, print cover list, delete, order detail by code or id, transport numbers; accounting
 * pool; vendor invoice materials; e-invoices). Every call lives under /api/finance. Money is
 * always an integer count of MINOR units (qəpik, cent) of the invoice's currency; quantities are
 * decimals with at most 3 places; VAT rates are percentages with at most 2 places. Dates without
 * a time (invoice date, paid date) are `YYYY-MM-DD`; instants ISO 8601 UTC.
 */

// ---------------------------------------------------------------------------------------------
// Money and totals — the one rounding rule, shared by the server (authority) and the form's preview
// ---------------------------------------------------------------------------------------------

/** Currencies an invoice may be in (the `currency` specode list; az shows manat, SPEC §1). */
export const FINANCE_CURRENCIES = ['AZN', 'USD', 'EUR', 'RUB', 'TRY'] as const;

/** Minor units per major unit of every supported currency (all have 2 decimals). */
export const MINOR_PER_MAJOR = 100;

/** The usual VAT rate in Azerbaijan (percent): the form's default. */
export const DEFAULT_VAT_RATE = 18;

/** Largest amount in minor units (10^13 = 100 billion major units): keeps every sum exact in a double. */
export const FINANCE_MONEY_MAX = 10_000_000_000_000;

/** @internal shared with ../finance.ts */
export const decimals = (places: number) => (value: number) => Math.abs(Math.round(value * 10 ** places) - value * 10 ** places) < 1e-6;

/** Integer division of `n` by `d` (d > 0) rounded half away from zero. */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

/**
 * The ROUNDING RULE (stated once, used by the server and shown by the form): per line,
 * net = quantity × unit price rounded half away from zero to a whole minor unit; VAT = net × rate
 * / 100 rounded the same way; gross = net + VAT. The invoice's totals are the sums of its lines'
 * rounded amounts (never a rounding of the sum), so the lines always add up to the totals shown.
 * Computed in integers (quantity in thousandths, rate in hundredths of a percent): no binary
 * floating-point error.
 */
export function computeLineTotals(quantity: number, unitPrice: number, rate: number): LineTotals {
  const qtyMilli = BigInt(Math.round(quantity * 1000));
  const rateCenti = BigInt(Math.round(rate * 100));
  const net = divRound(qtyMilli * BigInt(unitPrice), 1000n);
  const vat = divRound(net * rateCenti, 10_000n);
  return { net: Number(net), vat: Number(vat), gross: Number(net + vat) };
}

/** The invoice's totals: the sums of its lines' rounded amounts (see {@link computeLineTotals}). */
export function computeInvoiceTotals(lines: readonly { quantity: number; unitPrice: number; vatRate: number }[]): LineTotals {
  return lines.reduce<LineTotals>(
    (sum, line) => {
      const t = computeLineTotals(line.quantity, line.unitPrice, line.vatRate);
      return { net: sum.net + t.net, vat: sum.vat + t.vat, gross: sum.gross + t.gross };
    },
    { net: 0, vat: 0, gross: 0 },
  );
}

// ---------------------------------------------------------------------------------------------
// Vendor invoices: statuses and the "next process" chain
// ---------------------------------------------------------------------------------------------

/**
 * A vendor invoice's status — the approval engine's record status with its step named:
 * DRAFT → WAREHOUSE_CHECK (the keeper confirms what arrived: a stock receipt) → DIRECTOR_APPROVAL
 * → ACCOUNTING_POOL (an accountant takes it, then posts it) → PAID; side exits REJECTED (final) and
 * RETURNED (to the author, who edits and submits again); CANCELLED when the author withdraws it.
 */
export const VENDOR_INVOICE_STATUSES = ['DRAFT', 'WAREHOUSE_CHECK', 'DIRECTOR_APPROVAL', 'ACCOUNTING_POOL', 'PAID', 'REJECTED', 'RETURNED', 'CANCELLED'] as const;

/** Statuses in which the invoice waits on the chain. */
export const VENDOR_INVOICE_CHAIN_STATUSES = ['WAREHOUSE_CHECK', 'DIRECTOR_APPROVAL', 'ACCOUNTING_POOL'] as const satisfies readonly VendorInvoiceStatus[];

/** The engine chain's steps in order (server: registerApprovalKind('vendorInvoice')). */
export const VENDOR_INVOICE_CHAIN = ['warehouseKeeper', 'director', 'accountant'] as const;

/**
 * What a person does to an invoice: `submit` (author: DRAFT/RETURNED → the chain), `approve`
 * (the pending step's approver: the keeper confirms the delivery, the director approves),
 * `reject` / `return` (an approver, with a comment), `cancel` (the author, before PAID),
 * `take` / `post` / `poolReturn` (the accounting pool's accountant), `delete` (author, DRAFT only).
 */
export const VENDOR_INVOICE_ACTIONS = ['submit', 'approve', 'reject', 'return', 'cancel', 'take', 'post', 'poolReturn', 'delete'] as const;

const NP = 'finance.vendorInvoices.nextProcess';

/** Every transition of a vendor invoice (the server enforces it; the web derives its buttons). */
export const VENDOR_INVOICE_TRANSITIONS: readonly VendorInvoiceTransition[] = [
  { from: 'DRAFT', action: 'submit', to: 'WAREHOUSE_CHECK', actionKey: 'finance.vendorInvoices.create', who: ['author'] },
  { from: 'RETURNED', action: 'submit', to: 'WAREHOUSE_CHECK', actionKey: 'finance.vendorInvoices.create', who: ['author'] },
  { from: 'DRAFT', action: 'delete', to: 'DRAFT', actionKey: 'finance.vendorInvoices.delete', who: ['author'] },
  { from: 'WAREHOUSE_CHECK', action: 'approve', to: 'DIRECTOR_APPROVAL', actionKey: NP, who: ['warehouseKeeper'], notByAuthor: true },
  { from: 'DIRECTOR_APPROVAL', action: 'approve', to: 'ACCOUNTING_POOL', actionKey: NP, who: ['director'], notByAuthor: true },
  ...(['WAREHOUSE_CHECK', 'DIRECTOR_APPROVAL'] as const).flatMap((from): VendorInvoiceTransition[] => [
    { from, action: 'reject', to: 'REJECTED', actionKey: NP, who: from === 'WAREHOUSE_CHECK' ? ['warehouseKeeper'] : ['director'], notByAuthor: true, requires: ['comment'] },
    { from, action: 'return', to: 'RETURNED', actionKey: NP, who: from === 'WAREHOUSE_CHECK' ? ['warehouseKeeper'] : ['director'], notByAuthor: true, requires: ['comment'] },
  ]),
  { from: 'ACCOUNTING_POOL', action: 'take', to: 'ACCOUNTING_POOL', actionKey: 'finance.accountingPool.take', who: ['accountant'], notByAuthor: true },
  { from: 'ACCOUNTING_POOL', action: 'post', to: 'PAID', actionKey: 'finance.accountingPool.post', who: ['taker'], notByAuthor: true, requires: ['payment'] },
  { from: 'ACCOUNTING_POOL', action: 'poolReturn', to: 'RETURNED', actionKey: 'finance.accountingPool.return', who: ['taker'], notByAuthor: true, requires: ['comment'] },
  ...(['DRAFT', 'WAREHOUSE_CHECK', 'DIRECTOR_APPROVAL', 'ACCOUNTING_POOL', 'RETURNED'] as const).map(
    (from): VendorInvoiceTransition => ({ from, action: 'cancel', to: 'CANCELLED', actionKey: 'finance.vendorInvoices.create', who: ['author'] }),
  ),
];

/** The vendor-invoice machine: {@link VENDOR_INVOICE_TRANSITIONS} with its look-ups. */
export const vendorInvoiceMachine = defineMachine(VENDOR_INVOICE_TRANSITIONS, 'author');

/** Longest invoice number, transport number, payment reference. */
export const INVOICE_NUMBER_MAX = 50;

/**
 * A vendor invoice number as it is compared per vendor (issue #41): upper case, without white
 * space, dashes (ASCII and Unicode) and slashes — `be-7777`, `BE 7777` and `BE/7777` are one number.
 * The server stores it (vendor_invoices.number_key, unique per vendor among live invoices).
 */
export function invoiceNumberKey(number: string): string {
  return number.normalize('NFKC').replace(/[\s/\\\-\u2010-\u2015]/gu, '').toUpperCase();
}

/** Days either side of an invoice date within which the same vendor and amount is a possible duplicate (a warning the user confirms). */
export const DUPLICATE_INVOICE_WINDOW_DAYS = 7;

export const TRANSPORT_NUMBER_MAX = 30;

export const TRANSPORT_NUMBERS_MAX = 20;

export const INVOICE_LINES_MAX = 200;

/** Comment rule of reject / return (records' COMMENT_MIN_LENGTH, SPEC §5). */
export const FINANCE_COMMENT_MIN = COMMENT_MIN_LENGTH;

// ---------------------------------------------------------------------------------------------
// E-invoices (the tax portal's XML export)
// ---------------------------------------------------------------------------------------------

/** Largest XML accepted (characters). */
export const EINVOICE_XML_MAX = 5_000_000;

/**
 * How an e-invoice relates to our records: `matched` (the vendor by TIN and a vendor invoice by
 * number with equal amounts), `differences` (that invoice, but amounts or date differ),
 * `vendorOnly` (the vendor, no invoice of that number), `unmatched` (no vendor with that TIN).
 */
export const EINVOICE_MATCH_STATUSES = ['matched', 'differences', 'vendorOnly', 'unmatched'] as const;

/** The vendor-invoice list's views (vendorInvoiceScope). */
export const VENDOR_INVOICE_SCOPES = ['all', 'mine', 'myStep'] as const;

/** Columns the vendor-invoice grids sort by (vendorInvoiceSortField). */
export const VENDOR_INVOICE_SORT_FIELDS = ['createdAt', 'invoiceDate', 'number', 'grossTotal', 'status', 'updatedAt'] as const;

/** The accounting pool's "taken" filter (accountingPoolTaken). */
export const ACCOUNTING_POOL_TAKEN = ['all', 'free', 'mine'] as const;

/** Parses a decimal amount in major units ("1 062,50", "1062.5") into minor units; null when not an amount. */
export function parseMajorAmount(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d{1,11}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, frac = ''] = cleaned.split('.');
  return Number(whole) * MINOR_PER_MAJOR + Number(frac.padEnd(2, '0'));
}
