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

/** A duration in minutes in the interface language, in its largest whole unit (4 h, 2 d, 90 min → 90 min). */
export function formatTargetTime(minutes: number, lang: string): string {
  const unit = minutes % 1440 === 0 ? 'day' : minutes % 60 === 0 ? 'hour' : 'minute';
  const value = unit === 'day' ? minutes / 1440 : unit === 'hour' ? minutes / 60 : minutes;
  return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
