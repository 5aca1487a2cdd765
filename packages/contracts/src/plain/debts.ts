/*
 * The zod-free half of ../debts.ts (codes, limits and pure rules), which re-exports all of it:
 * client code that needs only these does not load zod and the schemas with its first paint
 * (issue #19's bundle budgets). Never import zod or a schema here (test/plain.test.ts).
 */
import type { AgeingBucket } from '../debts';

/*
 * Debt reports, the 1C import and wagon dislocation (issue #17; DOMAIN.md "Finance" debt report,
 * dislocation; SPEC §7 "debt reports (comments, payment history, yearly data, status update, 1C
 * data, groups); dislocation (wagons status)"; SPEC §2 the "debt-report payment types" list screen).
 * Money is in minor units (integers, qəpik/kopeck/kuruş) of the counterparty's currency; dates are
 * calendar dates `YYYY-MM-DD` (the accounting system's, no time zone).
 */


/** A counterparty's status in the debt report, with its history (issue #17). */
export const DEBT_STATUSES = ['normal', 'watch', 'inDispute', 'writtenOff'] as const;

/** Kinds of a debt entry: the opening balance, an invoice (raises the debt), a payment (lowers it). */
export const DEBT_ENTRY_KINDS = ['opening', 'invoice', 'payment'] as const;

/** The ageing buckets (days past the due date as of a date): 0–30, 31–60, 61–90, 90+. */
export const AGEING_BUCKETS = ['d0_30', 'd31_60', 'd61_90', 'd90plus'] as const;

/** The bucket of an amount `days` past due (not yet due counts as 0). */
export function ageingBucket(days: number): AgeingBucket {
  if (days <= 30) return 'd0_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  return 'd90plus';
}

// --- Imports (1C data, dislocation) -----------------------------------------------------------

/** Why a row of an import is refused (the web translates the code). */
export const IMPORT_REFUSALS = [
  'badDate',
  'badAmount',
  'unknownCounterparty',
  'unknownDocType',
  'unknownPaymentType',
  'unknownGroup',
  'currencyMismatch',
  'duplicateRow',
  'missingField',
  'badWagonNumber',
  'unknownState',
] as const;

/** Most rows a preview lists one by one (refusals first); the counts cover every row. */
export const IMPORT_PREVIEW_ROWS = 500;

export const IMPORT_KINDS = ['oneC', 'dislocation'] as const;

// --- Dislocation ---------------------------------------------------------------------------

/**
 * The check digit of an 8-digit railway wagon number (the 1520 mm gauge numbering): the first
 * seven digits weighted 2,1,2,1,2,1,2, the digits of each product summed; the check digit makes
 * the sum a multiple of 10. E.g. 5007029 → 1 (50070291).
 */
export function wagonCheckDigit(first7: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i++) {
    const product = Number(first7[i]) * (i % 2 === 0 ? 2 : 1);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/** True for 8 digits whose last is the check digit of the first seven. */
export function isValidWagonNumber(value: string): boolean {
  return /^\d{8}$/.test(value) && wagonCheckDigit(value.slice(0, 7)) === Number(value[7]);
}

export const WAGON_STATES = ['loaded', 'empty', 'inRepair', 'atDestination'] as const;
