import { z } from 'zod';
import { calendarDate, id, idParam, isSafeText, INVALID_CHARACTERS } from './validation';

/** A calendar date `YYYY-MM-DD` (validation.ts `calendarDate`). */
export const isoDate = calendarDate;
import { addRecordCommentInput, recordComment, recordHistoryEntry, recordPerson, RECORD_TEXT_MAX } from './records';
import { baseListQuery, listResponse } from './lists';
import { fileItem } from './files';
import type { MachineTransition } from './machine';
import { FINANCE_CURRENCIES, DEFAULT_VAT_RATE, FINANCE_MONEY_MAX, decimals, VENDOR_INVOICE_STATUSES, VENDOR_INVOICE_ACTIONS, INVOICE_NUMBER_MAX, TRANSPORT_NUMBER_MAX, TRANSPORT_NUMBERS_MAX, INVOICE_LINES_MAX, EINVOICE_XML_MAX, EINVOICE_MATCH_STATUSES, VENDOR_INVOICE_SCOPES, VENDOR_INVOICE_SORT_FIELDS, ACCOUNTING_POOL_TAKEN } from './plain/finance';
export { FINANCE_CURRENCIES, MINOR_PER_MAJOR, DEFAULT_VAT_RATE, FINANCE_MONEY_MAX, computeLineTotals, computeInvoiceTotals, VENDOR_INVOICE_STATUSES, VENDOR_INVOICE_CHAIN_STATUSES, VENDOR_INVOICE_CHAIN, VENDOR_INVOICE_ACTIONS, VENDOR_INVOICE_TRANSITIONS, vendorInvoiceMachine, INVOICE_NUMBER_MAX, TRANSPORT_NUMBER_MAX, TRANSPORT_NUMBERS_MAX, INVOICE_LINES_MAX, FINANCE_COMMENT_MIN, EINVOICE_XML_MAX, EINVOICE_MATCH_STATUSES, VENDOR_INVOICE_SCOPES, VENDOR_INVOICE_SORT_FIELDS, ACCOUNTING_POOL_TAKEN, parseMajorAmount, invoiceNumberKey, DUPLICATE_INVOICE_WINDOW_DAYS } from './plain/finance';
export const financeCurrency = z.enum(FINANCE_CURRENCIES);
export type FinanceCurrency = z.infer<typeof financeCurrency>;

/** An amount in minor units: a non-negative integer ≤ {@link FINANCE_MONEY_MAX}. */
export const financeAmount = z.number().int().min(0).max(FINANCE_MONEY_MAX);

/** A line's quantity: > 0, ≤ 10^9, at most 3 decimal places. */
export const invoiceQuantity = z.number().gt(0).max(1_000_000_000).refine(decimals(3), { message: 'tooManyDecimals' });
/** A VAT rate in percent: 0 … 100, at most 2 decimal places. */
export const vatRate = z.number().min(0).max(100).refine(decimals(2), { message: 'tooManyDecimals' });

/** A line's computed amounts, minor units. */
export interface LineTotals {
  net: number;
  vat: number;
  gross: number;
}

export const vendorInvoiceStatus = z.enum(VENDOR_INVOICE_STATUSES);
export type VendorInvoiceStatus = z.infer<typeof vendorInvoiceStatus>;
export const vendorInvoiceAction = z.enum(VENDOR_INVOICE_ACTIONS);
export type VendorInvoiceAction = z.infer<typeof vendorInvoiceAction>;

/** Roles a caller holds on an invoice. */
export type VendorInvoiceRole = 'author' | 'warehouseKeeper' | 'director' | 'accountant' | 'taker';

export type VendorInvoiceTransition = MachineTransition<VendorInvoiceStatus, VendorInvoiceAction, VendorInvoiceRole, never, 'comment' | 'payment'>;

// ---------------------------------------------------------------------------------------------
// Vendor invoices: shapes
// ---------------------------------------------------------------------------------------------

const text = (max: number) => z.string().trim().max(max).refine(isSafeText, { message: INVALID_CHARACTERS });

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
  /**
   * The user saw the warning `possibleDuplicateInvoice` (same vendor, same gross total and currency,
   * an invoice date within DUPLICATE_INVOICE_WINDOW_DAYS) and saves anyway. A number equal after
   * normalising (invoiceNumberKey) is refused whatever this says.
   */
  confirmDuplicate: z.boolean().default(false),
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

/** POST /api/finance/vendorInvoices/{id}/comments body. */
export const addVendorInvoiceCommentInput = addRecordCommentInput;

/** Which invoices a list shows: all visible, `mine` (authored), `myStep` (waiting for my step on the engine). */
export const vendorInvoiceScope = z.enum(VENDOR_INVOICE_SCOPES);
export const vendorInvoiceSortField = z.enum(VENDOR_INVOICE_SORT_FIELDS);

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
/**
 * The equipment order as the invoice form may know it (issue #42): `title` (its justification) and
 * `status` only for a caller who may open the order's own page; for anyone else who may write
 * invoices, null — the order exists and this is its number, nothing more.
 */
export const financeOrderDetail = z.object({ id: z.number().int(), code: z.string(), title: z.string().nullable(), status: z.string().nullable() });
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
export const accountingPoolTaken = z.enum(ACCOUNTING_POOL_TAKEN);

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

/** POST /api/finance/eInvoices/preview and …/import body: the file's name and its text. */
export const eInvoiceImportInput = z.object({
  fileName: text(255).pipe(z.string().min(1)),
  xml: z.string().min(1).max(EINVOICE_XML_MAX),
});
export type EInvoiceImportInput = z.input<typeof eInvoiceImportInput>;
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

/**
 * POST /api/finance/eInvoices/{id}/createVendorInvoice: a DRAFT vendor invoice made from the
 * e-invoice in one step (its number, date, currency and lines). `vendorId` is needed only when the
 * seller's TIN names no vendor; `confirmDuplicate` as for a save.
 */
export const eInvoiceCreateInvoiceInput = z.object({ vendorId: id.optional(), confirmDuplicate: z.boolean().default(false) });

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
