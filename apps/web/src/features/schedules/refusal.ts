import type { TFunction } from 'i18next';
import { isApiRequestError } from '@servicedesk/api/errors';
import { formatNumber } from '@servicedesk/i18n';
import { dayText } from './schedule-model';

/**
 * The server's refusal as `schedules.errors.<code>` with its details (issue #41: a clash's days
 * and status, a balance's year and figures — apps/server schedules.leave / schedules.balances),
 * else the generic text.
 */
export function refusal(t: TFunction, error: unknown, lang: string): string {
  if (!isApiRequestError(error)) return t('error.generic');
  const details = (error.details ?? {}) as {
    clash?: { startDay: string; endDay: string; status: string };
    year?: number;
    asked?: number;
    left?: number;
  };
  const values = details.clash
    ? {
        from: dayText(details.clash.startDay, lang),
        to: dayText(details.clash.endDay, lang),
        status: t(`schedules.leave.statuses.${details.clash.status}`),
      }
    : {
        year: details.year,
        asked: formatNumber(details.asked ?? 0, lang),
        left: formatNumber(details.left ?? 0, lang),
      };
  return t(`schedules.errors.${error.code}`, { ...values, defaultValue: t('error.generic') });
}
