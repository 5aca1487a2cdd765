import type { DebtStatus, WagonState } from '@servicedesk/contracts';
import { isApiRequestError } from '@servicedesk/api/errors';
import type { TFunction } from 'i18next';
import { refusalKeys } from '../shared/record/refusal';
import type { StatusFamily } from '@servicedesk/ui/StatusBadge';

/** The badge colour of a counterparty's status. */
export const statusFamily: Record<DebtStatus, StatusFamily> = { normal: 'success', watch: 'warning', inDispute: 'danger', writtenOff: 'neutral' };

/** The badge colour of a wagon's state. */
export const wagonFamily: Record<WagonState, StatusFamily> = { loaded: 'info', empty: 'neutral', inRepair: 'warning', atDestination: 'success' };

/** Today in Baku (UTC+4) as `YYYY-MM-DD`: the default "as of" of the ageing. */
export const bakuToday = (now = new Date()): string => new Date(now.getTime() + 4 * 3600_000).toISOString().slice(0, 10);

/**
 * The text of a server refusal `error`: its sentence under `prefix` (e.g. `debts.detail.errors`),
 * else the shared `errors.api.<code>` every server code has, else the generic one (the record
 * kit's {@link refusalKeys}); an import's missing `columns` are listed, comma-separated.
 */
export function refusalText(t: TFunction, error: unknown, prefix: string): string {
  const details = isApiRequestError(error) && error.details && typeof error.details === 'object' ? (error.details as Record<string, unknown>) : {};
  const columns = Array.isArray(details.columns) ? details.columns.join(', ') : '';
  return t(refusalKeys(error, { codes: prefix }), { ...details, columns });
}
