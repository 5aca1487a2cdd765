/*
 * Cross-tab messages (SPEC §4 "Notifications", "Session"): what one tab tells the others over
 * a BroadcastChannel. A tab never receives its own posts, so "tell the other tabs" is one post.
 */

/** A message between tabs of the same origin. Notification ids are server ids (integers). */
export type CrossTabMessage =
  | { type: 'newNotification'; id: number }
  | { type: 'readNotification'; id: number }
  | { type: 'readAllNotification' }
  | { type: 'logout' };

/** The message types, e.g. for exhaustive switches. */
export const crossTabMessageTypes = [
  'newNotification',
  'readNotification',
  'readAllNotification',
  'logout',
] as const;

/** The channel every tab of the app joins. */
export const DEFAULT_CHANNEL_NAME = 'sd';

/** A tab's connection to the other tabs. */
export interface CrossTabBus {
  /** Tells every OTHER tab (this tab's own subscribers are not called). */
  post(message: CrossTabMessage): void;
  /** Calls `handler` for each valid message from another tab; returns the unsubscribe function. */
  subscribe(handler: (message: CrossTabMessage) => void): () => void;
  /** Leaves the channel; later posts are dropped. */
  close(): void;
}

/**
 * Checks a received value. Returns the message, or null for anything else: an unknown type,
 * a missing or non-integer id (SPEC §8: an unknown cross-tab message is a warning only).
 */
export function parseCrossTabMessage(data: unknown): CrossTabMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, id } = data as { type?: unknown; id?: unknown };
  switch (type) {
    case 'newNotification':
    case 'readNotification':
      return Number.isInteger(id) ? { type, id: id as number } : null;
    case 'readAllNotification':
    case 'logout':
      return { type };
    default:
      return null;
  }
}

/** Options of {@link createCrossTabBus}. */
export interface CrossTabBusOptions {
  /** The BroadcastChannel constructor (tests); defaults to the global one. */
  BroadcastChannel?: typeof BroadcastChannel;
}

/**
 * Joins the BroadcastChannel `channelName` (default 'sd'). Invalid or unknown messages are
 * console.warn'ed and not delivered. Where BroadcastChannel does not exist the bus is a
 * harmless no-op (one warning), so a single tab still works.
 */
export function createCrossTabBus(
  channelName: string = DEFAULT_CHANNEL_NAME,
  options: CrossTabBusOptions = {},
): CrossTabBus {
  const Channel = options.BroadcastChannel ?? globalThis.BroadcastChannel;
  const handlers = new Set<(message: CrossTabMessage) => void>();
  if (typeof Channel !== 'function') {
    console.warn('[realtime] BroadcastChannel is not available: other tabs will not be told');
    return { post() {}, subscribe: () => () => {}, close() {} };
  }

  const channel = new Channel(channelName);
  let closed = false;
  channel.onmessage = (event: MessageEvent) => {
    const message = parseCrossTabMessage(event.data);
    if (!message) {
      console.warn('[realtime] unknown cross-tab message ignored', event.data);
      return;
    }
    for (const handler of [...handlers]) handler(message);
  };

  return {
    post(message) {
      if (closed) return;
      channel.postMessage(message);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      channel.close();
    },
  };
}
