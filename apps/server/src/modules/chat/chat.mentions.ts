import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { notify } from '../notifications/notifications.service';
import type { AppDeps } from '../../types';
import type { WarnLogger } from '../../lib/log';

/**
 * Chat mentions (SPEC §2 "Mentions in text use the trigger @", DOMAIN.md "A mention notifies the
 * user").
 *
 * STORED FORM: a chat message keeps its text exactly as typed; a mention is `@` followed by a
 * user's full name "First Last" — what MentionTextArea inserts ("@Rəşad Əliyev ") and what a
 * person types by hand. It counts when the `@` starts the text or follows white space, and the
 * name ends the text or is followed by anything but a letter or digit (so "@Rəşad Əliyev," and
 * "@Rəşad Əliyev!" mention him, "@Rəşad Əliyevə" does not). Names compare case-insensitively
 * (Azerbaijani rules: "@RƏŞAD əliyev" matches); the longest matching name wins, so "@Ali Veli
 * Demir" is not "@Ali Veli". No ids travel in the text, so it reads the same in every client.
 */

/** A user that can be mentioned. */
export interface MentionCandidate {
  id: number;
  /** The full name, "First Last". */
  name: string;
}

const fold = (s: string) => s.toLocaleLowerCase('az');
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

/**
 * The ids of the users `text` mentions, in order of first mention, each once.
 *
 * @param text a chat message (already trimmed)
 * @param candidates the users that can be mentioned (active users)
 */
export function findMentions(text: string, candidates: readonly MentionCandidate[]): number[] {
  if (!text.includes('@')) return [];
  const byLength = candidates
    .map((c) => ({ id: c.id, name: fold(c.name.trim().replace(/\s+/g, ' ')) }))
    .filter((c) => c.name !== '')
    .sort((a, b) => b.name.length - a.name.length);
  const lower = fold(text);
  const found: number[] = [];
  for (let at = lower.indexOf('@'); at !== -1; at = lower.indexOf('@', at + 1)) {
    if (at > 0 && !/\s/u.test(lower[at - 1]!)) continue;
    const rest = lower.slice(at + 1);
    const hit = byLength.find((c) => rest.startsWith(c.name) && !isWordChar(rest[c.name.length]));
    if (hit && !found.includes(hit.id)) found.push(hit.id);
  }
  return found;
}

/** Active users as mention candidates. */
async function activeUsers(db: Db): Promise<(MentionCandidate & { firstName: string; lastName: string })[]> {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.isActive, true));
  return rows.map((r) => ({ ...r, name: `${r.firstName} ${r.lastName}` }));
}

/** The notification of a chat mention (packages/i18n notifications.json, all four languages). */
export const CHAT_MENTION_KEY = 'notifications.chatMention';

/** Where a chat-mention notification leads: the home page with the sender's conversation open. */
export const chatMentionUrl = (senderId: number) => `/home/dashboard?chat=${senderId}`;

/** Minimal logger shape for failures that must not fail the send. */
/**
 * After a chat message is saved: every active user it mentions (except the sender) gets one
 * notification through `notify()` — key {@link CHAT_MENTION_KEY}, params `{ senderName }` (the
 * sender's full name, plain text), redirectUrl {@link chatMentionUrl}, the sender as the actor —
 * pushed live as ReceiveNotification. The message text is NOT copied into the notification: a
 * mentioned colleague who is not in the conversation learns who mentioned them, not what was
 * said privately. Never throws (a failure is logged; the message is already saved).
 *
 * @returns the created notification ids (empty when nobody was mentioned)
 */
export async function notifyChatMentions(
  deps: AppDeps,
  message: { senderId: number; text: string },
  log?: WarnLogger,
): Promise<number[]> {
  if (!message.text.includes('@')) return [];
  try {
    const candidates = await activeUsers(deps.db);
    const sender = candidates.find((c) => c.id === message.senderId);
    const mentioned = findMentions(message.text, candidates).filter((id) => id !== message.senderId);
    if (!sender || mentioned.length === 0) return [];
    return await notify(deps, mentioned, CHAT_MENTION_KEY, { senderName: sender.name }, chatMentionUrl(sender.id), sender.id, log);
  } catch (error) {
    log?.warn({ err: error, senderId: message.senderId }, 'chat: mention notifications failed');
    return [];
  }
}
