import type { DebtStatus, WagonState } from '@servicedesk/contracts';
import { isApiRequestError } from '@servicedesk/api/errors';
import type { TFunction } from 'i18next';
import type { StatusFamily } from '@servicedesk/ui/StatusBadge';

/** The badge colour of a counterparty's status. */
export const statusFamily: Record<DebtStatus, StatusFamily> = { normal: 'success', watch: 'warning', inDispute: 'danger', writtenOff: 'neutral' };

/** The badge colour of a wagon's state. */
export const wagonFamily: Record<WagonState, StatusFamily> = { loaded: 'info', empty: 'neutral', inRepair: 'warning', atDestination: 'success' };

/** Today in Baku (UTC+4) as `YYYY-MM-DD`: the default "as of" of the ageing. */
export const bakuToday = (now = new Date()): string => new Date(now.getTime() + 4 * 3600_000).toISOString().slice(0, 10);

/** The translation key of a server refusal `error` under `prefix` (e.g. `debts.detail.errors`), or the generic one. */
export function refusalText(t: TFunction, error: unknown, prefix: string): string {
  if (isApiRequestError(error)) {
    const details = error.details as { columns?: string[] } | undefined;
    return t(`${prefix}.${error.code}`, { defaultValue: t('error.generic'), columns: details?.columns?.join(', ') ?? '' });
  }
  return t('error.generic');
}
