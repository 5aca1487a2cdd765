import { z } from 'zod';
import { calendarDate, id, idParam, isSafeText, INVALID_CHARACTERS } from './validation';

/** A calendar date `YYYY-MM-DD` (validation.ts `calendarDate`). */
export const isoDate = calendarDate;
import { addRecordCommentInput, recordComment, recordHistoryEntry, recordPerson, RECORD_TEXT_MAX, COMMENT_MIN_LENGTH } from './records';
import { baseListQuery, listResponse } from './lists';
import { fileItem } from './files';
import { defineMachine, type MachineTransition } from './machine';

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
export const financeCurrency = z.enum(FINANCE_CURRENCIES);
export type FinanceCurrency = z.infer<typeof financeCurrency>;

/** Minor units per major unit of every supported currency (all have 2 decimals). */
export const MINOR_PER_MAJOR = 100;

/** The usual VAT rate in Azerbaijan (percent): the form's default. */
export const DEFAULT_VAT_RATE = 18;

/** Largest amount in minor units (10^13 = 100 billion major units): keeps every sum exact in a double. */
export const FINANCE_MONEY_MAX = 10_000_000_000_000;

/** An amount in minor units: a non-negative integer ≤ {@link FINANCE_MONEY_MAX}. */
export const financeAmount = z.number().int().min(0).max(FINANCE_MONEY_MAX);

const decimals = (places: number) => (value: number) => Math.abs(Math.round(value * 10 ** places) - value * 10 ** places) < 1e-6;

/** A line's quantity: > 0, ≤ 10^9, at most 3 decimal places. */
export const invoiceQuantity = z.number().gt(0).max(1_000_000_000).refine(decimals(3), { message: 'tooManyDecimals' });
/** A VAT rate in percent: 0 … 100, at most 2 decimal places. */
export const vatRate = z.number().min(0).max(100).refine(decimals(2), { message: 'tooManyDecimals' });

/** Integer division of `n` by `d` (d > 0) rounded half away from zero. */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= d) return n < 0n ? q - 1n : q + 1n;
  return q;
}

/** A line's computed amounts, minor units. */
export interface LineTotals {
  net: number;
  vat: number;
  gross: number;
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

/** Parses a decimal amount in major units ("1 062,50", "1062.5") into minor units; null when not an amount. */
export function parseMajorAmount(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d{1,11}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, frac = ''] = cleaned.split('.');
  return Number(whole) * MINOR_PER_MAJOR + Number(frac.padEnd(2, '0'));
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
export const vendorInvoiceStatus = z.enum(VENDOR_INVOICE_STATUSES);
export type VendorInvoiceStatus = z.infer<typeof vendorInvoiceStatus>;

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
export const vendorInvoiceAction = z.enum(VENDOR_INVOICE_ACTIONS);
export type VendorInvoiceAction = z.infer<typeof vendorInvoiceAction>;

/** Roles a caller holds on an invoice. */
export type VendorInvoiceRole = 'author' | 'warehouseKeeper' | 'director' | 'accountant' | 'taker';

export type VendorInvoiceTransition = MachineTransition<VendorInvoiceStatus, VendorInvoiceAction, VendorInvoiceRole, never, 'comment' | 'payment'>;

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

// ---------------------------------------------------------------------------------------------
// Vendor invoices: shapes
// ---------------------------------------------------------------------------------------------


const text = (max: number) => z.string().trim().max(max).refine(isSafeText, { message: INVALID_CHARACTERS });

/** Longest invoice number, transport number, payment reference. */
export const INVOICE_NUMBER_MAX = 50;
export const TRANSPORT_NUMBER_MAX = 30;
export const TRANSPORT_NUMBERS_MAX = 20;
export const INVOICE_LINES_MAX = 200;

/** A line as the form sends it (`unitPrice` in minor units; `materialId` a stock material when stock exists). */
export const vendorInvoiceLineInput = z.object({
  materialId: id.nullable().optional(),
  description: text(300).pipe(z.string().min(1)),
  unit: text(20).default(''),
  quantity: invoiceQuantity,
  unitPrice: financeAmount,
  vatRate: vatRate.default(DEFAULT_VAT_RATE),
});
export type VendorInvoiceLineInput = z.input<typeof vendorInvoiceLineInput>;

/**
 * POST /api/finance/vendorInvoices/save body: creates (no `id`) or edits (its author, while DRAFT
 * or RETURNED). Totals are NOT sent: the server computes them ({@link computeLineTotals}).
 * `orderCode` / `orderId`: the equipment order it belongs to (found by code or id);
 * `budgetLineId` the budget it is paid from; `warehouseId` where the goods are received.
 */
export const saveVendorInvoiceInput = z.object({
  id: id.optional(),
  vendorId: id,
  number: text(INVOICE_NUMBER_MAX).pipe(z.string().min(1)),
  invoiceDate: isoDate,
  currency: financeCurrency.default('AZN'),
  orderId: id.nullable().optional(),
  orderCode: text(40).nullable().optional(),
  transportNumbers: z.array(text(TRANSPORT_NUMBER_MAX).pipe(z.string().min(1))).max(TRANSPORT_NUMBERS_MAX).default([]),
  warehouseId: id.nullable().optional(),
  budgetLineId: id.nullable().optional(),
  groupId: id.nullable().optional(),
  note: text(RECORD_TEXT_MAX).default(''),
  lines: z.array(vendorInvoiceLineInput).min(1).max(INVOICE_LINES_MAX),
  fileIds: z.array(id).max(20).default([]),
});
export type SaveVendorInvoiceInput = z.input<typeof saveVendorInvoiceInput>;

/** A line as stored: the input plus its computed amounts (minor units) and what the keeper confirmed. */
export const vendorInvoiceLine = z.object({
  id: z.number().int(),
  position: z.number().int(),
  materialId: z.number().int().nullable(),
  description: z.string(),
  unit: z.string(),
  quantity: z.number(),
  unitPrice: z.number().int(),
  vatRate: z.number(),
  net: z.number().int(),
  vat: z.number().int(),
  gross: z.number().int(),
  /** The quantity the warehouse keeper confirmed at the warehouse check (null before it). */
  receivedQuantity: z.number().nullable(),
});
export type VendorInvoiceLine = z.infer<typeof vendorInvoiceLine>;

/** A counterparty as an invoice shows it (a modal element of kind vendor). */
export const financeVendor = z.object({ id: z.number().int(), name: z.string(), tin: z.string().nullable() });
export type FinanceVendor = z.infer<typeof financeVendor>;

/** The vendor invoice (detail and save answer). Amounts in minor units of `currency`. */
export const vendorInvoice = z.object({
  id: z.number().int(),
  number: z.string(),
  vendor: financeVendor,
  invoiceDate: z.string(),
  currency: financeCurrency,
  orderId: z.number().int().nullable(),
  orderCode: z.string().nullable(),
  transportNumbers: z.array(z.string()),
  warehouseId: z.number().int().nullable(),
  budgetLineId: z.number().int().nullable(),
  groupId: z.number().int().nullable(),
  note: z.string(),
  status: vendorInvoiceStatus,
  netTotal: z.number().int(),
  vatTotal: z.number().int(),
  grossTotal: z.number().int(),
  author: recordPerson,
  takenBy: recordPerson.nullable(),
  takenAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  stockOperationId: z.number().int().nullable(),
  paidDate: z.string().nullable(),
  paymentReference: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VendorInvoice = z.infer<typeof vendorInvoice>;

/** An e-invoice linked to a vendor invoice, as its detail shows it. */
export const linkedEInvoice = z.object({ id: z.number().int(), number: z.string(), grossTotal: z.number().int(), matchStatus: z.string() });

/**
 * GET /api/finance/vendorInvoices/{id}: the invoice, its lines, history (oldest first), comments,
 * attachments, the caller's `allowedActions`, and the e-invoices matched to it.
 */
export const vendorInvoiceDetail = z.object({
  invoice: vendorInvoice,
  lines: z.array(vendorInvoiceLine),
  history: z.array(recordHistoryEntry),
  comments: z.array(recordComment),
  attachments: z.array(fileItem),
  allowedActions: z.array(vendorInvoiceAction),
  eInvoices: z.array(linkedEInvoice),
});
export type VendorInvoiceDetail = z.infer<typeof vendorInvoiceDetail>;

/** `{id}` path parameter of the finance calls. */
export const financeIdParams = z.object({ id: idParam });

/**
 * POST /api/finance/vendorInvoices/{id}/nextProcess body: `submit` | `approve` | `reject` |
 * `return` | `cancel`. `received` (the warehouse check's approve): the quantities that arrived per
 * line id (default: as invoiced); `comment` required (≥ 10 characters) for reject and return.
 */
export const vendorInvoiceNextProcessInput = z.object({
  action: z.enum(['submit', 'approve', 'reject', 'return', 'cancel']),
  comment: text(2000).optional(),
  received: z
    .array(z.object({ lineId: id, quantity: z.number().min(0).max(1_000_000_000).refine(decimals(3), { message: 'tooManyDecimals' }) }))
    .max(INVOICE_LINES_MAX)
    .optional(),
});
export type VendorInvoiceNextProcessInput = z.input<typeof vendorInvoiceNextProcessInput>;

/** Comment rule of reject / return (records' COMMENT_MIN_LENGTH, SPEC §5). */
export const FINANCE_COMMENT_MIN = COMMENT_MIN_LENGTH;

/** POST /api/finance/vendorInvoices/{id}/comments body. */
export const addVendorInvoiceCommentInput = addRecordCommentInput;

/** Which invoices a list shows: all visible, `mine` (authored), `myStep` (waiting for my step on the engine). */
export const vendorInvoiceScope = z.enum(['all', 'mine', 'myStep']);
export const vendorInvoiceSortField = z.enum(['createdAt', 'invoiceDate', 'number', 'grossTotal', 'status', 'updatedAt']);

/**
 * POST /api/finance/vendorInvoices/grid body. `search` matches the number, the vendor's name or
 * TIN, and the transport numbers; `dateFrom`/`dateTo` bound the invoice date (inclusive).
 */
export const vendorInvoiceListQuery = baseListQuery(vendorInvoiceSortField, 'createdAt').extend({
  scope: vendorInvoiceScope.default('all'),
  status: z.array(vendorInvoiceStatus).max(VENDOR_INVOICE_STATUSES.length).optional(),
  vendorId: id.optional(),
  currency: financeCurrency.optional(),
  dateFrom: isoDate.optional(),
  dateTo: isoDate.optional(),
});
export type VendorInvoiceListQuery = z.input<typeof vendorInvoiceListQuery>;

/** A row of the vendor-invoice and accounting-pool grids. */
export const vendorInvoiceListRow = z.object({
  id: z.number().int(),
  number: z.string(),
  vendorId: z.number().int(),
  vendorName: z.string(),
  vendorTin: z.string().nullable(),
  invoiceDate: z.string(),
  currency: z.string(),
  grossTotal: z.number().int(),
  status: vendorInvoiceStatus,
  authorName: z.string(),
  takenById: z.number().int().nullable(),
  takenByName: z.string().nullable(),
  transportNumbers: z.array(z.string()),
  paidDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VendorInvoiceListRow = z.infer<typeof vendorInvoiceListRow>;
export const vendorInvoiceListResponse = listResponse(vendorInvoiceListRow);
export type VendorInvoiceListResponse = z.infer<typeof vendorInvoiceListResponse>;

/** GET /api/finance/vendorInvoices/orderDetail?codeOrId= — the equipment order an invoice belongs to. */
export const orderDetailQuery = z.object({ codeOrId: text(40).pipe(z.string().min(1)) });
export const financeOrderDetail = z.object({ id: z.number().int(), code: z.string(), title: z.string(), status: z.string() });
export type FinanceOrderDetail = z.infer<typeof financeOrderDetail>;

/** GET /api/finance/vendorInvoices/transportNumbers?search= and …/materials?search= — pickers. */
export const financeSearchQuery = z.object({ search: text(100).optional() });
export const transportNumbersResponse = z.array(z.string());
export const vendorInvoiceMaterial = z.object({ id: z.number().int().nullable(), name: z.string(), unit: z.string() });
export const vendorInvoiceMaterialsResponse = z.array(vendorInvoiceMaterial);
export type VendorInvoiceMaterial = z.infer<typeof vendorInvoiceMaterial>;

/** GET /api/finance/vendors?search= — active vendors (modal elements of kind vendor) for the form. */
export const financeVendorsResponse = z.array(financeVendor);

// ---------------------------------------------------------------------------------------------
// Accounting pool
// ---------------------------------------------------------------------------------------------

/** `free` = nobody took it yet, `mine` = taken by me, `all`. */
export const accountingPoolTaken = z.enum(['all', 'free', 'mine']);

/** POST /api/finance/accountingPool/grid body (invoices in ACCOUNTING_POOL; memory key `accountingPool`). */
export const accountingPoolListQuery = baseListQuery(vendorInvoiceSortField, 'updatedAt').extend({
  taken: accountingPoolTaken.default('all'),
  vendorId: id.optional(),
});
export type AccountingPoolListQuery = z.input<typeof accountingPoolListQuery>;

/** POST /api/finance/accountingPool/{id}/post body: the payment (date, reference) — the invoice becomes PAID. */
export const accountingPoolPostInput = z.object({
  paidDate: isoDate,
  paymentReference: text(100).pipe(z.string().min(1)),
  comment: text(2000).optional(),
});
export type AccountingPoolPostInput = z.input<typeof accountingPoolPostInput>;

/** POST /api/finance/accountingPool/{id}/return body (≥ 10 characters). */
export const accountingPoolReturnInput = z.object({ comment: text(2000) });

// ---------------------------------------------------------------------------------------------
// E-invoices (the tax portal's XML export)
// ---------------------------------------------------------------------------------------------

/** Largest XML accepted (characters). */
export const EINVOICE_XML_MAX = 5_000_000;

/** POST /api/finance/eInvoices/preview and …/import body: the file's name and its text. */
export const eInvoiceImportInput = z.object({
  fileName: text(255).pipe(z.string().min(1)),
  xml: z.string().min(1).max(EINVOICE_XML_MAX),
});
export type EInvoiceImportInput = z.input<typeof eInvoiceImportInput>;

/**
 * How an e-invoice relates to our records: `matched` (the vendor by TIN and a vendor invoice by
 * number with equal amounts), `differences` (that invoice, but amounts or date differ),
 * `vendorOnly` (the vendor, no invoice of that number), `unmatched` (no vendor with that TIN).
 */
export const EINVOICE_MATCH_STATUSES = ['matched', 'differences', 'vendorOnly', 'unmatched'] as const;
export const eInvoiceMatchStatus = z.enum(EINVOICE_MATCH_STATUSES);
export type EInvoiceMatchStatus = z.infer<typeof eInvoiceMatchStatus>;

/** One difference between an e-invoice (`xml`, the source of truth) and the vendor invoice. */
export const eInvoiceDifference = z.object({ field: z.enum(['netTotal', 'vatTotal', 'grossTotal', 'invoiceDate', 'currency']), xml: z.string(), invoice: z.string() });
export type EInvoiceDifference = z.infer<typeof eInvoiceDifference>;

/** An e-invoice line, as the XML says (the source of truth for its lines). */
export const eInvoiceLine = z.object({
  name: z.string(),
  unit: z.string(),
  quantity: z.number(),
  unitPrice: z.number().int(),
  vatRate: z.number(),
  net: z.number().int(),
  vat: z.number().int(),
});
export type EInvoiceLine = z.infer<typeof eInvoiceLine>;

/** One invoice of a file, as the preview and the import show it. `line`: where it starts in the file. */
export const eInvoicePreviewItem = z.object({
  index: z.number().int(),
  line: z.number().int(),
  number: z.string(),
  issueDate: z.string(),
  sellerTin: z.string(),
  sellerName: z.string(),
  currency: z.string(),
  netTotal: z.number().int(),
  vatTotal: z.number().int(),
  grossTotal: z.number().int(),
  lineCount: z.number().int(),
  /** `create`: new; `skip`: this invoice was imported before (its content hash is known). */
  action: z.enum(['create', 'skip']),
  vendor: financeVendor.nullable(),
  vendorInvoice: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  matchStatus: eInvoiceMatchStatus,
  differences: z.array(eInvoiceDifference),
});
export type EInvoicePreviewItem = z.infer<typeof eInvoicePreviewItem>;

/**
 * The preview (nothing saved) and the import's answer: `fileHash` (SHA-256 of the text),
 * `alreadyImported` (this very file was imported before: nothing changes), the invoices with what
 * happens to each, `created` (import: how many were saved).
 */
export const eInvoiceImportResult = z.object({
  fileName: z.string(),
  fileHash: z.string(),
  alreadyImported: z.boolean(),
  invoices: z.array(eInvoicePreviewItem),
  created: z.number().int(),
  skipped: z.number().int(),
});
export type EInvoiceImportResult = z.infer<typeof eInvoiceImportResult>;

export const eInvoiceSortField = z.enum(['importedAt', 'issueDate', 'number', 'grossTotal']);
/** POST /api/finance/eInvoices/grid body (memory key `eInvoices`). */
export const eInvoiceListQuery = baseListQuery(eInvoiceSortField, 'importedAt').extend({
  matchStatus: z.array(eInvoiceMatchStatus).max(EINVOICE_MATCH_STATUSES.length).optional(),
});
export type EInvoiceListQuery = z.input<typeof eInvoiceListQuery>;

export const eInvoiceListRow = z.object({
  id: z.number().int(),
  number: z.string(),
  issueDate: z.string(),
  sellerTin: z.string(),
  sellerName: z.string(),
  vendorId: z.number().int().nullable(),
  vendorName: z.string().nullable(),
  vendorInvoiceId: z.number().int().nullable(),
  vendorInvoiceNumber: z.string().nullable(),
  currency: z.string(),
  grossTotal: z.number().int(),
  matchStatus: eInvoiceMatchStatus,
  fileName: z.string(),
  importedAt: z.string(),
});
export type EInvoiceListRow = z.infer<typeof eInvoiceListRow>;
export const eInvoiceListResponse = listResponse(eInvoiceListRow);
export type EInvoiceListResponse = z.infer<typeof eInvoiceListResponse>;

/** GET /api/finance/eInvoices/{id}: the e-invoice with its XML lines and the differences to its vendor invoice. */
export const eInvoiceDetail = eInvoiceListRow.extend({
  buyerTin: z.string(),
  netTotal: z.number().int(),
  vatTotal: z.number().int(),
  lines: z.array(eInvoiceLine),
  differences: z.array(eInvoiceDifference),
  importedBy: recordPerson,
});
export type EInvoiceDetail = z.infer<typeof eInvoiceDetail>;

/** POST /api/finance/eInvoices/{id}/match body: link it to this vendor invoice (null: unlink). */
export const eInvoiceMatchInput = z.object({ vendorInvoiceId: id.nullable() });

// ---------------------------------------------------------------------------------------------
// Dashboard
// ---------------------------------------------------------------------------------------------

/**
 * GET /api/finance/dashboard: `poolWaiting` invoices in the accounting pool (null unless the caller
 * holds finance.accountingPool), `myStep` invoices waiting for the caller's step, `paidByMonth`
 * this year's paid gross totals per month (AZN, minor units; null unless the caller sees every
 * invoice — the director, accountants).
 */
export const financeDashboard = z.object({
  year: z.number().int(),
  poolWaiting: z.number().int().nullable(),
  myStep: z.number().int(),
  paidByMonth: z.array(z.object({ month: z.number().int().min(1).max(12), total: z.number().int() })).nullable(),
});
export type FinanceDashboard = z.infer<typeof financeDashboard>;
