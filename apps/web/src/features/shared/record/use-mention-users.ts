import { useMemo } from 'react';
import { useUsersNameAndId } from '@servicedesk/api/global/get-users-name-and-id';
import type { MentionUser } from '@servicedesk/ui/MentionTextArea';

/**
 * The people a record's comment may @mention (RecordCommentForm `users`): every active user by
 * name (GET /api/global/getUsersNameAndId); the server makes the mentioned ones watchers and
 * notifies them. Empty while the list loads.
 */
export function useMentionUsers(): MentionUser[] {
  const users = useUsersNameAndId();
  return useMemo(() => (users.data ?? []).map((u) => ({ id: u.id, name: u.name })), [users.data]);
}
