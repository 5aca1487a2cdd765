import type { TFunction } from 'i18next';
import { formatNumber } from '@servicedesk/i18n';

/** The ids of the users a text still @mentions (issue #6; shared with news: features/shared/record/mentions.ts). */
export { mentionedIds } from '../../shared/record/mentions';

/**
 * A target time in minutes in the interface language, in its largest whole unit (240 → "4 saat",
 * 2880 → "2 gün", 90 → "90 dəq"): `helpdesk.duration.{days,hours,minutes}` with the number
 * formatted for the language (abbreviated units, so no plural forms are needed).
 */
export function formatTargetTime(minutes: number, t: TFunction, lang: string): string {
  const unit = minutes % 1440 === 0 ? 'days' : minutes % 60 === 0 ? 'hours' : 'minutes';
  const value = unit === 'days' ? minutes / 1440 : unit === 'hours' ? minutes / 60 : minutes;
  return t(`helpdesk.duration.${unit}`, { value: formatNumber(value, lang) });
}
