/** Messages of one sender closer than this are grouped (SPEC §4, §9): 2 minutes. */
export const CHAT_GROUP_WINDOW_MS = 2 * 60 * 1000;

/** What grouping needs of a message. */
export interface GroupableMessage {
  senderId: number;
  /** When it was sent: a Date or an ISO string. */
  date: Date | string;
}

const time = (d: Date | string) => (d instanceof Date ? d.getTime() : Date.parse(d));

/**
 * SPEC §4 "Messages from the same sender within 2 minutes are grouped; only the last shows its
 * time": for messages in display order (oldest first) answers, per message, whether it shows its
 * time — false when the next message is from the same sender within {@link CHAT_GROUP_WINDOW_MS}.
 */
export function showTimeFlags(messages: readonly GroupableMessage[]): boolean[] {
  return messages.map((m, i) => {
    const next = messages[i + 1];
    if (!next || next.senderId !== m.senderId) return true;
    return time(next.date) - time(m.date) > CHAT_GROUP_WINDOW_MS;
  });
}

/** A message's time as HH:mm in the browser's time zone (SPEC §4). */
export function formatChatTime(date: Date | string): string {
  const d = date instanceof Date ? date : new Date(date);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}
