import { z } from 'zod';
import { baseListQuery, listResponse } from './lists';
import { addRecordCommentInput, recordComment, recordHistoryEntry } from './records';
import { calendarDate, id, idParam, safeText } from './validation';
import type { AGEING_BUCKETS } from './plain/debts';
import { DEBT_STATUSES, DEBT_ENTRY_KINDS, IMPORT_REFUSALS, IMPORT_KINDS, isValidWagonNumber, WAGON_STATES } from './plain/debts';
export { DEBT_STATUSES, DEBT_ENTRY_KINDS, AGEING_BUCKETS, ageingBucket, IMPORT_REFUSALS, IMPORT_PREVIEW_ROWS, IMPORT_KINDS, wagonCheckDigit, isValidWagonNumber, WAGON_STATES } from './plain/debts';
export const debtStatus = z.enum(DEBT_STATUSES);
export type DebtStatus = z.infer<typeof debtStatus>;
export const debtEntryKind = z.enum(DEBT_ENTRY_KINDS);
export type DebtEntryKind = z.infer<typeof debtEntryKind>;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** Where an imported row came from: the import, its file name and the line (1 = the header). */
export const debtSource = z.object({ importId: z.number().int(), fileName: z.string(), line: z.number().int() }).nullable();
export type DebtSource = z.infer<typeof debtSource>;

// --- Groups and payment types (reference lists) ---------------------------------------------

export const debtGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  counterparties: z.number().int(),
});
export type DebtGroup = z.infer<typeof debtGroup>;
export const debtGroupList = z.array(debtGroup);
export const debtGroupInput = z.object({ name: safeText().trim().min(1).max(100), isActive: z.boolean().default(true) });
export type DebtGroupInput = z.input<typeof debtGroupInput>;

export const debtPaymentType = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  payments: z.number().int(),
});
export type DebtPaymentType = z.infer<typeof debtPaymentType>;
export const debtPaymentTypeList = z.array(debtPaymentType);
export const debtPaymentTypeInput = z.object({
  code: safeText().trim().min(1).max(40),
  name: safeText().trim().min(1).max(100),
  isActive: z.boolean().default(true),
});
export type DebtPaymentTypeInput = z.input<typeof debtPaymentTypeInput>;

/** `{id}` path parameter of the debt-report calls (a counterparty's modal element id, or a group / payment type). */
export const debtIdParams = z.object({ id: idParam });

// --- The report list -------------------------------------------------------------------------

export const debtSortField = z.enum(['name', 'balance', 'status', 'lastEntry']);
/** POST /api/debtReports/grid: counterparties with entries or a report row, filtered. */
export const debtListQuery = baseListQuery(debtSortField, 'balance').extend({
  groupId: id.optional(),
  status: debtStatus.optional(),
});
export type DebtListQuery = z.input<typeof debtListQuery>;

export const debtListRow = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(['vendor', 'contractor']),
  tin: z.string().nullable(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  status: debtStatus,
  currency: z.string(),
  invoicedMinor: z.number().int(),
  paidMinor: z.number().int(),
  balanceMinor: z.number().int(),
  lastEntryDate: z.string().nullable(),
});
export type DebtListRow = z.infer<typeof debtListRow>;
export const debtListResponse = listResponse(debtListRow);
export type DebtListResponse = z.infer<typeof debtListResponse>;

// --- One counterparty ------------------------------------------------------------------------

export const debtReportDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(['vendor', 'contractor']),
  tin: z.string().nullable(),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  status: debtStatus,
  currency: z.string(),
  openingMinor: z.number().int(),
  invoicedMinor: z.number().int(),
  paidMinor: z.number().int(),
  balanceMinor: z.number().int(),
  history: z.array(recordHistoryEntry),
  comments: z.array(recordComment),
  updatedAt: z.string().datetime(),
});
export type DebtReportDetail = z.infer<typeof debtReportDetail>;

/** POST /api/debtReports/{id}/status: the new status and an optional comment. */
export const debtStatusInput = z.object({ status: debtStatus, comment: safeText().trim().max(2000).optional() });
export type DebtStatusInput = z.input<typeof debtStatusInput>;

/** POST /api/debtReports/{id}/group: the counterparty's debt-report group (null = none). */
export const debtGroupAssignInput = z.object({ groupId: id.nullable() });

export const addDebtCommentInput = addRecordCommentInput;
export const debtComment = recordComment;
export type DebtComment = z.infer<typeof debtComment>;

/** ?year= of the yearly data (default the current year). */
export const debtYearQuery = z.object({ year: z.coerce.number().int().min(1990).max(2100).optional() });

/** One month of a year: invoices and payments in it, the balance at its end (minor units). */
export const debtMonth = z.object({
  month: z.number().int().min(1).max(12),
  invoicedMinor: z.number().int(),
  paidMinor: z.number().int(),
  closingMinor: z.number().int(),
});
/** GET /api/debtReports/{id}/yearlyData?year=: the opening balance of the year and its 12 months. */
export const debtYearlyData = z.object({
  year: z.number().int(),
  currency: z.string(),
  openingMinor: z.number().int(),
  months: z.array(debtMonth).length(12),
  closingMinor: z.number().int(),
});
export type DebtYearlyData = z.infer<typeof debtYearlyData>;

/** One entry of a counterparty (with where it came from). */
export const debtEntry = z.object({
  id: z.number().int(),
  kind: debtEntryKind,
  docNumber: z.string(),
  docDate: z.string(),
  dueDate: z.string().nullable(),
  amountMinor: z.number().int(),
  currency: z.string(),
  paymentType: z.string().nullable(),
  source: debtSource,
});
export type DebtEntry = z.infer<typeof debtEntry>;
export const debtEntryList = z.array(debtEntry);

/** ?asOf=YYYY-MM-DD of the ageing (default today, Baku). */
export const debtAgeingQuery = z.object({ asOf: calendarDate.optional(), groupId: z.coerce.number().int().min(1).max(2_147_483_647).optional() });

/**
 * The ageing of a counterparty's debt as of a date: only entries dated on or before it count
 * (a past date ignores later payments); payments settle the oldest due amounts first; what is
 * left of each invoice goes to the bucket of its days past due. `creditMinor` = paid beyond
 * what was owed.
 */
export const debtAgeing = z.object({
  asOf: z.string(),
  currency: z.string(),
  buckets: z.object({ d0_30: z.number().int(), d31_60: z.number().int(), d61_90: z.number().int(), d90plus: z.number().int() }),
  totalMinor: z.number().int(),
  creditMinor: z.number().int(),
});
export type DebtAgeing = z.infer<typeof debtAgeing>;

const ageingBuckets = z.object({ d0_30: z.number().int(), d31_60: z.number().int(), d61_90: z.number().int(), d90plus: z.number().int() });

/** The official rate a report used for a currency: `rate` AZN per `nominal` units, published for `rateDate` (the latest on or before the as-of date). */
export const usedRate = z.object({ currency: z.string(), rateDate: z.string(), rate: z.number(), nominal: z.number().int() });
export type UsedRate = z.infer<typeof usedRate>;

/** One counterparty's ageing as of the date, in its own currency (minor units). */
export const debtAgeingRow = z.object({
  id: z.number().int(),
  name: z.string(),
  tin: z.string().nullable(),
  currency: z.string(),
  buckets: ageingBuckets,
  totalMinor: z.number().int(),
  creditMinor: z.number().int(),
});
export type DebtAgeingRow = z.infer<typeof debtAgeingRow>;

/** The counterparties of one currency summed (never mixed with another currency). */
export const debtAgeingCurrency = z.object({
  currency: z.string(),
  counterparties: z.number().int(),
  buckets: ageingBuckets,
  totalMinor: z.number().int(),
  creditMinor: z.number().int(),
  /** The rate used to convert it to AZN (AZN itself: rate 1, no date), or null: no rate on or before the date — not converted. */
  rate: usedRate.nullable(),
});
export type DebtAgeingCurrency = z.infer<typeof debtAgeingCurrency>;

/**
 * GET /api/debtReports/ageing: every counterparty (of the group) aged as of `asOf` — per currency
 * (`currencies`), and converted to AZN (`converted`) at each currency's official rate of the
 * as-of date (the latest on or before it). A currency without a rate is named in `unconverted`
 * and left out of `converted` (never summed unconverted). Amounts in minor units; the converted
 * figures rounded half away from zero per currency.
 */
export const debtAgeingAll = z.object({
  asOf: z.string(),
  currencies: z.array(debtAgeingCurrency),
  converted: z.object({ currency: z.literal('AZN'), buckets: ageingBuckets, totalMinor: z.number().int(), creditMinor: z.number().int() }),
  unconverted: z.array(z.string()),
  rows: z.array(debtAgeingRow),
});
export type DebtAgeingAll = z.infer<typeof debtAgeingAll>;

/** A currency's official rate on a date: `rate` AZN for `nominal` units (CBAR: RUB 2.1443 per 100). */
export const currencyRate = z.object({
  currency: z.string(),
  rateDate: z.string(),
  rate: z.number(),
  nominal: z.number().int(),
  name: z.string(),
  source: z.enum(['cbar', 'manual']),
  updatedAt: z.string(),
});
export type CurrencyRate = z.infer<typeof currencyRate>;
export const currencyRateList = z.array(currencyRate);

/** GET /api/debtReports/rates?from=&to=&currency= (default: the last 31 days). */
export const currencyRateQuery = z.object({ from: calendarDate.optional(), to: calendarDate.optional(), currency: z.string().regex(/^[A-Z]{3}$/).optional() });

/** PUT /api/debtReports/rates: the accountant types a rate (creates or replaces the currency's rate of that date). */
export const saveCurrencyRateInput = z.object({
  currency: z.string().regex(/^[A-Z]{3}$/).refine((c) => c !== 'AZN', 'AZN is the base currency'),
  rateDate: calendarDate,
  rate: z.number().positive().max(1_000_000),
  nominal: z.number().int().min(1).max(1_000_000).default(1),
  name: safeText().pipe(z.string().max(100)).default(''),
});

/** POST /api/debtReports/rates/import (multipart `file`: the CBAR daily XML) → the date and the rates saved. */
export const currencyRateImportResult = z.object({ fileName: z.string(), rateDate: z.string(), created: z.number().int(), changed: z.number().int(), rates: currencyRateList });
export type CurrencyRateImportResult = z.infer<typeof currencyRateImportResult>;

/** GET /api/debtReports/{id}/dunningLetter?asOf=&lang= — a PDF in az, en or ru. */
export const dunningLetterQuery = z.object({ asOf: calendarDate.optional(), lang: z.enum(['az', 'en', 'ru']).optional() });
export const importRefusal = z.enum(IMPORT_REFUSALS);
export type ImportRefusal = z.infer<typeof importRefusal>;

/** What a row of the file does: creates a record, changes one, is already there unchanged, or is refused. */
export const importRowAction = z.enum(['create', 'change', 'same', 'refuse']);
export type ImportRowAction = z.infer<typeof importRowAction>;

export const importRow = z.object({
  line: z.number().int(),
  action: importRowAction,
  reason: importRefusal.nullable(),
  /** The column of the refusal, when one column is at fault. */
  field: z.string().nullable(),
  /** A short description of the row (counterparty / document, or wagon / station). */
  summary: z.string(),
});
export type ImportRow = z.infer<typeof importRow>;

/**
 * The answer of a preview and of an import: the detected encoding and separator, counts per
 * action, and up to {@link IMPORT_PREVIEW_ROWS} rows (refused first, then created, changed).
 * `importId` is set when the import was saved.
 */
export const importResult = z.object({
  importId: z.number().int().nullable(),
  fileName: z.string(),
  encoding: z.enum(['utf-8', 'utf-8-bom', 'windows-1251']),
  separator: z.enum([';', ',', '\t']),
  counts: z.object({ total: z.number().int(), create: z.number().int(), change: z.number().int(), same: z.number().int(), refuse: z.number().int() }),
  rows: z.array(importRow),
  rowsTruncated: z.boolean(),
});
export type ImportResult = z.infer<typeof importResult>;
export const importSummary = z.object({
  id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  encoding: z.string(),
  created: z.number().int(),
  changed: z.number().int(),
  refused: z.number().int(),
  total: z.number().int(),
  importedBy: z.string(),
  importedAt: z.string().datetime(),
});
export type ImportSummary = z.infer<typeof importSummary>;
export const importSummaryList = z.array(importSummary);

export const wagonNumber = z.string().refine(isValidWagonNumber, { message: 'badWagonNumber' });
export const wagonState = z.enum(WAGON_STATES);
export type WagonState = z.infer<typeof wagonState>;

/** A vendor invoice a wagon travels on (through the invoice's transport numbers). */
export const wagonInvoice = z.object({ id: z.number().int(), number: z.string(), url: z.string() });
export type WagonInvoice = z.infer<typeof wagonInvoice>;

export const wagonSortField = z.enum(['number', 'station', 'state', 'seenAt']);
/** POST /api/dislocation/wagons/grid: the wagons' last known status. */
export const wagonListQuery = baseListQuery(wagonSortField, 'seenAt').extend({ state: wagonState.optional() });
export type WagonListQuery = z.input<typeof wagonListQuery>;
export const wagonRow = z.object({
  number: z.string(),
  station: z.string(),
  state: wagonState,
  seenAt: z.string().datetime(),
  sightings: z.number().int(),
});
export type WagonRow = z.infer<typeof wagonRow>;
export const wagonListResponse = listResponse(wagonRow);
export type WagonListResponse = z.infer<typeof wagonListResponse>;

export const wagonParams = z.object({ number: z.string().regex(/^\d{8}$/) });
/** GET /api/dislocation/wagons/{number}: the wagon's timeline (newest first) and its invoices. */
export const wagonDetail = z.object({
  number: z.string(),
  station: z.string(),
  state: wagonState,
  seenAt: z.string().datetime(),
  timeline: z.array(
    z.object({ id: z.number().int(), station: z.string(), state: wagonState, seenAt: z.string().datetime(), source: debtSource }),
  ),
  invoices: z.array(wagonInvoice),
});
export type WagonDetail = z.infer<typeof wagonDetail>;
/** POST /api/dislocation/wagons/byNumbers { numbers }: the wagons among them (an invoice shows its wagons). */
export const wagonsByNumbersInput = z.object({ numbers: z.array(z.string().max(20)).max(200) });
export const wagonRowList = z.array(wagonRow);
