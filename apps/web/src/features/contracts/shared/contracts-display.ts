import type { TFunction } from 'i18next';
import type { ContractStatus } from '@servicedesk/contracts';
import { isApiRequestError } from '@servicedesk/api/errors';

/** The record kind of contracts (contracts RECORD_KINDS), for the approval chain and live records. */
export const CONTRACT_RECORD_KIND = 'contract';

/** A status's colour family (StatusBadge / DataTable status cells). */
export const contractStatusFamily: Record<
  ContractStatus,
  'info' | 'warning' | 'success' | 'danger' | 'neutral'
> = {
  DRAFT: 'neutral',
  IN_APPROVAL: 'info',
  RETURNED: 'warning',
  ACTIVE: 'success',
  EXPIRED: 'neutral',
  DEACTIVATED: 'danger',
  CANCELLED: 'danger',
};

/** The translation key of a status. */
export const contractStatusKey = (status: ContractStatus): string => `contracts.status.${status}`;

/** Major units typed by the user ("1 234,50", "1234.5") → minor units, or null when not an amount. */
export function toMinorUnits(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Minor units → the text the amount field shows ("1234.50"). */
export const fromMinorUnits = (minor: number): string =>
  `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

/**
 * A server refusal in the user's language: the contracts' own codes (duplicate TIN naming the
 * holder, wrong stage, …), else the common `errors.api.<code>`, else a generic text.
 */
export function contractErrorText(error: unknown, t: TFunction): string {
  if (!isApiRequestError(error)) return t('error.generic');
  if (error.status === 0) return t('error.network');
  const details = (error.details ?? {}) as Record<string, unknown>;
  const own = `contracts.errors.${error.code}`;
  const text = t(own, { ...details, defaultValue: '' });
  if (text) return text;
  return t(`errors.api.${error.code}`, { defaultValue: t('error.generic') });
}
