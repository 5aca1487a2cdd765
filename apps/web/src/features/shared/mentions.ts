import type { MentionUser } from '@servicedesk/ui/MentionTextArea';

/**
 * The user ids of the mentions still in `text` among those inserted through the suggestions
 * (a mention deleted from the text is not notified). Every comment box with @mentions sends these
 * as `mentionedUserIds` (contracts addRecordCommentInput).
 */
export function mentionedIds(text: string, inserted: readonly MentionUser[]): number[] {
  const ids = new Set<number>();
  for (const user of inserted) if (text.includes(`@${user.name}`)) ids.add(Number(user.id));
  return [...ids].filter((id) => Number.isInteger(id) && id > 0);
}
