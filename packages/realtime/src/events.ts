/*
 * The hub's typed surface (SPEC §7 "Real-time hub", REALTIME.md): events the server pushes
 * and methods the client invokes. A later issue adds here the one table that maps each event
 * to the query it invalidates or patches (STYLE.md "Data").
 */

/** Server → client events and their arguments. */
export interface HubServerEvents {
  /** A new notification for this user: its id (the client fetches it by id). */
  ReceiveNotification: [notificationId: number];
  /** A chat message: a JSON string `{"senderId":…,"message":…}` (see {@link parseChatPayload}). */
  ReceiveMessage: [payload: string];
  /** A user's first connection opened (they are online). */
  UserConnected: [userId: number];
  /** A user's last connection closed (they are offline). */
  UserDisconnected: [userId: number];
  /** Who views a record now (after each JoinRecord / LeaveRecord / close): user ids, ascending. */
  RecordViewers: [kind: string, id: number, userIds: number[]];
  /**
   * A record changed on the server (pages showing it and lists holding it refetch): the ONE event
   * of a change — the web's live records (apps/web/src/realtime/live-records.ts) map the kind
   * (contracts RECORD_KINDS) to its queries; ReceiveNotification only refreshes the bell.
   */
  RecordChanged: [kind: string, id: number];
}
export type HubServerEvent = keyof HubServerEvents;
export const hubServerEvents: readonly HubServerEvent[] = [
  'ReceiveNotification',
  'ReceiveMessage',
  'UserConnected',
  'UserDisconnected',
  'RecordViewers',
  'RecordChanged',
];

/** Client → server methods: arguments and result. */
export interface HubMethods {
  /** The ids of every online user, cluster-wide. */
  GetConnectedUserIds: { args: []; result: number[] };
  /** Sends a chat message; `payload` is the JSON string `{"message":…,"senderId":…}`. */
  SendMessageToUserByUserId: { args: [targetUserId: number, payload: string]; result: void };
  /** Starts viewing a record (only one the user may see); answers the viewers' user ids. */
  JoinRecord: { args: [kind: string, id: number]; result: number[] };
  /** Stops viewing a record. */
  LeaveRecord: { args: [kind: string, id: number]; result: void };
}
export type HubMethod = keyof HubMethods;

/** A chat message as it travels (SPEC §3 "Chat message (sent)"). */
export interface ChatPayload {
  senderId: number;
  message: string;
}

/** Parses ReceiveMessage's JSON string; null (and a warning) when it is not a chat payload. */
export function parseChatPayload(json: string): ChatPayload | null {
  try {
    const value = JSON.parse(json) as Partial<ChatPayload>;
    if (typeof value.message === 'string' && Number.isInteger(value.senderId)) {
      return { senderId: value.senderId as number, message: value.message };
    }
  } catch {
    // fall through
  }
  console.warn('[realtime] ReceiveMessage payload is not {senderId, message}', json);
  return null;
}

/** Serialises a chat message for SendMessageToUserByUserId (the text is trimmed, SPEC §5). */
export function toChatPayload(senderId: number, message: string): string {
  return JSON.stringify({ message: message.trim(), senderId });
}
