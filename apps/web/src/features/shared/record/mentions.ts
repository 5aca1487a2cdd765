import type { MentionUser } from '@servicedesk/ui/MentionTextArea';

/**
 * The users to notify of a text with @mentions (help desk, news): of the users MentionTextArea
 * inserted (`onMention`), those whose `@Full Name` is still in the text — one deleted after
 * insertion is not notified. Unique, in insertion order.
 */
export function mentionedIds(text: string, inserted: readonly MentionUser[]): number[] {
  const ids: number[] = [];
  for (const user of inserted) {
    const id = Number(user.id);
    if (Number.isInteger(id) && id > 0 && !ids.includes(id) && text.includes(`@${user.name}`)) ids.push(id);
  }
  return ids;
}
