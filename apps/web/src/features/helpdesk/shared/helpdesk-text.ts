import type { TFunction } from 'i18next';
import { formatNumber } from '@servicedesk/i18n';
import type { MentionUser } from '@servicedesk/ui/MentionTextArea';

/**
 * The ids of the users a text still @mentions (issue #6 "description with @mentions"): of the
 * users MentionTextArea inserted (`onMention`), those whose `@Full Name` is still in the text
 * — one deleted after insertion is not notified. Unique, in insertion order.
 */
export function mentionedIds(text: string, inserted: readonly MentionUser[]): number[] {
  const ids: number[] = [];
  for (const user of inserted) {
    const id = Number(user.id);
    if (Number.isInteger(id) && id > 0 && !ids.includes(id) && text.includes(`@${user.name}`)) ids.push(id);
  }
  return ids;
}

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
