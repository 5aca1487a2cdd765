import type { InventoryStatus, StockOperationKind } from '@servicedesk/contracts';
import { formatMoney, formatNumber } from '@servicedesk/i18n';
import type { TFunction } from 'i18next';
import type { StatusFamily } from '@servicedesk/ui/StatusBadge';

/*
 * How stock shows its values (issue #13, SPEC §1 locale formats): quantities with up to three
 * decimals in the interface language, money from minor units in manat (the organisation's
 * currency — the amounts are AZN whatever the interface language), status and kind keys.
 */

/** The organisation's currency: every stock amount is in its minor units. */
export const STOCK_CURRENCY = 'AZN';

/** A quantity in `lang` (1 234,5). */
export const formatQuantity = (value: number, lang: string) => formatNumber(value, lang, { maximumFractionDigits: 3 });

/** Minor units as money in manat, in `lang`. */
export const formatAmount = (minor: number, lang: string) => formatMoney(minor, lang, STOCK_CURRENCY);

/** Major units typed in a form (12.5) → minor units (1250). */
export const toMinor = (major: number) => Math.round(major * 100);

export const inventoryStatusKey = (status: InventoryStatus) => `stock.inventoryStatus.${status}`;
export const operationKindKey = (kind: StockOperationKind) => `stock.kind.${kind}`;

export const inventoryStatusFamily: Record<InventoryStatus, StatusFamily> = {
  inStock: 'success',
  assigned: 'info',
  inRepair: 'warning',
  writtenOff: 'neutral',
};

export const operationKindFamily: Record<StockOperationKind, StatusFamily> = {
  receipt: 'success',
  issue: 'info',
  transfer: 'info',
  writeOff: 'danger',
  return: 'success',
  reversal: 'warning',
};

/** The message of a refused stock call in the interface language (the server's code → stock.errors.*, else errors.api.*, else error.generic). */
export function stockErrorText(t: TFunction, error: unknown, lang: string): string {
  const e = error as { code?: string; details?: Record<string, unknown> } | null;
  const code = e?.code;
  const details = e?.details ?? {};
  if (code === 'insufficientStock') {
    return t('stock.errors.insufficientStock', {
      available: formatQuantity(Number(details.available ?? 0), lang),
      requested: formatQuantity(Number(details.requested ?? 0), lang),
    });
  }
  // A chosen unit refused: the message names it (issue #40).
  const unitCodes = ['unitUnknown', 'unitOtherMaterial', 'unitNotInWarehouse', 'unitNotAvailable', 'unitNotHeld'];
  if (code && unitCodes.includes(code)) return t(`stock.errors.${code}`, { unit: String(details.inventoryNumber ?? details.code ?? '') });
  if (code === 'unitsRequired') return t('stock.errors.unitsRequired', { line: Number(details.line ?? 1) });
  const known = ['countNotQuantity', 'countOutOfScope', 'countPlanChanged', 'reasonRequired', 'missingField', 'inventoryMismatch', 'invalidTransition', 'alreadyReversed', 'cannotReverseReversal', 'wholeUnitsOnly', 'materialCodeTaken', 'warehouseNameTaken', 'forbidden', 'sameWarehouse', 'unitCostRequired', 'futureDate', 'groupCycle', 'groupTooDeep', 'materialInUse', 'importHasErrors', 'countClosed'];
  if (code && known.includes(code)) return t(`stock.errors.${code}`);
  // Any other code (inactiveMaterial, unknownVendor, notAnIssue, …): the server's shared text,
  // errors.api.<code> — every stock code has one (apps/server lib/error-codes.test.ts).
  return code ? t([`errors.api.${code}`, 'error.generic'], { ...details }) : t('error.generic');
}
