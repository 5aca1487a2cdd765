import type { SessionBus } from '../session/session';

/**
 * The session's view of the cross-tab bus (SPEC §4 "Cross-tab messages"), on
 * BroadcastChannel('sd'). A browser without BroadcastChannel gets a bus that does nothing
 * (the storage event in useSessionExpiry still notices a logout in another tab).
 */
export function createSessionBus(): SessionBus & { close(): void } {
  if (typeof BroadcastChannel === 'undefined') {
    return { post() {}, subscribe: () => () => {}, close() {} };
  }
  const channel = new BroadcastChannel('sd');
  return {
    post(message) {
      channel.postMessage(message);
    },
    subscribe(handler) {
      const listener = (event: MessageEvent) => {
        const data: unknown = event.data;
        if (data && typeof data === 'object' && typeof (data as { type?: unknown }).type === 'string') {
          handler(data as { type: string });
        }
      };
      channel.addEventListener('message', listener);
      return () => channel.removeEventListener('message', listener);
    },
    close() {
      channel.close();
    },
  };
}
