import { recordPath, type NotificationParams, type RecordKind } from '@servicedesk/contracts';
import { notify } from '../../modules/notifications/notifications.service';
import type { AppDeps } from '../../types';

/**
 * Notifies the people of a record (DOMAIN.md "Notifications": whoever acts next, the author,
 * the mentioned): a notification `key` with `params` to each of `userIds` — empty entries and
 * the actor themself dropped, each once — leading to the record's page (contracts RECORD_KINDS
 * `detailPath`), pushed live over the hub. A failed push is logged, never thrown.
 */
export async function notifyAboutRecord(
  deps: AppDeps,
  kind: RecordKind,
  id: number,
  userIds: readonly (number | null | undefined)[],
  key: string,
  params: NotificationParams,
  actorId: number | null,
  log?: { warn(obj: unknown, msg?: string): void },
): Promise<void> {
  const recipients = userIds.filter((userId): userId is number => typeof userId === 'number' && userId !== actorId);
  if (recipients.length === 0) return;
  await notify(deps, recipients, key, params, recordPath(kind, id), actorId, log);
}
