/*
 * The seam between the hub and the notification bell (SPEC §7 "ReceiveNotification"). Whoever
 * owns the tab's hub connection calls `receivePushedNotification(id)` for every
 * ReceiveNotification event:
 *
 *   hub.on('ReceiveNotification', receivePushedNotification);
 *
 * The bell subscribes with `onPushedNotification`. Ids pushed while no bell is mounted are dropped
 * (the bell loads the lists from the server when it mounts).
 */

type Listener = (id: number) => void;
const listeners = new Set<Listener>();

/** Hands a pushed notification id to the mounted bell(s). */
export function receivePushedNotification(id: number): void {
  if (!Number.isInteger(id)) return;
  for (const listener of listeners) listener(id);
}

/** Subscribes to pushed ids; returns the unsubscribe function. */
export function onPushedNotification(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
