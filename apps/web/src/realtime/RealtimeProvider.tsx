import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';
import type { HubClient, HubState } from '@servicedesk/realtime/connection';
import type { HubServerEvent, HubServerEvents } from '@servicedesk/realtime/events';

/** What the tab's one hub connection offers to the features (chat, notification bell). */
export interface RealtimeValue {
  /** The tab's hub client while a signed-in layout holds it; null otherwise. */
  hub: HubClient | null;
  /** Its state ('disconnected' while there is none). */
  state: HubState;
  /**
   * Online user ids, cluster-wide (SPEC §4 "Chat"): seeded with GetConnectedUserIds on every
   * (re)connect, then kept by UserConnected / UserDisconnected. null until the first answer.
   */
  online: ReadonlySet<number> | null;
}

const idle: RealtimeValue = { hub: null, state: 'disconnected', online: null };
const ValueContext = createContext<RealtimeValue>(idle);
/**
 * The hub client alone: it changes only when a connection is created or closed, not with the
 * connection's state or every user coming online, so what only subscribes to events (the live
 * records of the shell and the lists, the bell) does not re-render with presence (issue #19).
 */
const HubContext = createContext<HubClient | null>(null);
/** Holds the connection open; returns the release function. */
type Hold = () => () => void;
const HoldContext = createContext<Hold | null>(null);

/** A tab's hub connection as the provider keeps it. */
interface Live {
  close: () => void;
}

/**
 * Wires a new hub client to the provider's state (hub, state, online ids; presence re-seeded on
 * every (re)connect, a start over when the official client gives up) and starts it.
 * @returns how to close it (unsubscribes, then stops the client)
 */
function connect(client: HubClient, setValue: Dispatch<SetStateAction<RealtimeValue>>): Live {
  let closed = false;
  const update = (change: (v: RealtimeValue) => RealtimeValue) => setValue((v) => (v.hub === client ? change(v) : v));
  const seed = async () => {
    const ids = await client.invoke('GetConnectedUserIds');
    if (!closed && ids) update((v) => ({ ...v, online: new Set(ids) }));
  };
  const offs = [
    client.on('UserConnected', (id) => update((v) => ({ ...v, online: new Set(v.online ?? []).add(id) }))),
    client.on('UserDisconnected', (id) =>
      update((v) => {
        const online = new Set(v.online ?? []);
        online.delete(id);
        return { ...v, online };
      }),
    ),
    client.onStateChange((state) => {
      update((v) => ({ ...v, state }));
      if (closed) return;
      if (state === 'connected') void seed();
      else if (state === 'disconnected') void client.start();
    }),
  ];
  setValue({ hub: client, state: client.state, online: null });
  void client.start();
  return {
    close: () => {
      closed = true;
      for (const off of offs) off();
      void client.stop();
    },
  };
}

/**
 * The tab's ONE hub connection (SPEC §4 "Chat", §7, §9), mounted once above every route
 * (RootLayout) and held open by the signed-in layouts (/home and /user call
 * {@link useRealtimeConnection}), so live notifications reach every signed-in page and moving
 * between /home and /user keeps the same connection:
 * - the connection is created and started when the first layout holds it, and stopped when the
 *   last one lets go (logout, another tab's logout and an expired session all leave the
 *   signed-in layouts). A release is applied after the current commit, so a layout replacing
 *   another one never drops the connection;
 * - it starts only with a valid session (a token that has not expired; see environment.ts),
 *   with packages/realtime's policy (5 attempts 5 s apart, then 'notConnected'; automatic
 *   reconnect after 0, 2, 10, 30 s);
 * - when the official client gives up reconnecting (a server down for longer than its delays),
 *   it starts over with the start policy while the connection is still held;
 * - presence: GetConnectedUserIds on every (re)connect, then UserConnected / UserDisconnected;
 * - the hub client (environment.ts, with @microsoft/signalr) is imported on first hold, so the
 *   sign-in page never downloads it (issue #19 bundle budgets).
 * Features subscribe to server events with {@link useHubEvent}.
 */
export function RealtimeProvider({ children }: { children?: ReactNode }) {
  const [value, setValue] = useState<RealtimeValue>(idle);
  const live = useRef<Live | null>(null);
  const holders = useRef(0);
  const pendingClose = useRef<ReturnType<typeof setTimeout> | null>(null);

  const open = useCallback(() => {
    if (live.current) return;
    let closed = false;
    let connection: Live | null = null;
    live.current = {
      close: () => {
        closed = true;
        connection?.close();
      },
    };
    void import('./environment').then(({ createRealHub }) => {
      if (!closed) connection = connect(createRealHub(), setValue);
    });
  }, []);

  const hold = useCallback<Hold>(() => {
    holders.current++;
    if (pendingClose.current) {
      clearTimeout(pendingClose.current);
      pendingClose.current = null;
    }
    open();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holders.current--;
      if (holders.current > 0 || pendingClose.current) return;
      pendingClose.current = setTimeout(() => {
        pendingClose.current = null;
        if (holders.current > 0 || !live.current) return;
        live.current.close();
        live.current = null;
        setValue(idle);
      }, 0);
    };
  }, [open]);

  // The provider itself going away (tests unmounting the app) closes the connection at once.
  useEffect(
    () => () => {
      if (pendingClose.current) clearTimeout(pendingClose.current);
      live.current?.close();
      live.current = null;
    },
    [],
  );

  return (
    <HoldContext.Provider value={hold}>
      <ValueContext.Provider value={value}>
        <HubContext.Provider value={value.hub}>{children}</HubContext.Provider>
      </ValueContext.Provider>
    </HoldContext.Provider>
  );
}

/**
 * Holds the tab's hub connection open while the calling component is mounted (the signed-in
 * layouts). Outside a {@link RealtimeProvider} it does nothing.
 */
export function useRealtimeConnection(): void {
  const hold = useContext(HoldContext);
  useEffect(() => (hold ? hold() : undefined), [hold]);
}

/** The tab's hub connection, its state and the online users (idle outside a held provider). */
export function useRealtime(): RealtimeValue {
  return useContext(ValueContext);
}

/**
 * The tab's hub client (null while there is none), without its state or the online users: a
 * component reading only this re-renders when the connection is replaced, not on presence.
 */
export function useRealtimeHub(): HubClient | null {
  return useContext(HubContext);
}

/**
 * Calls `handler` for every `event` the server pushes on the tab's connection (the latest
 * handler; no resubscription when it changes). Nothing happens while there is no connection.
 */
export function useHubEvent<E extends HubServerEvent>(event: E, handler: (...args: HubServerEvents[E]) => void): void {
  const hub = useRealtimeHub();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => (hub ? hub.on(event, (...args) => latest.current(...args)) : undefined), [hub, event]);
}

/** Provides a fixed value (stories and tests of components that consume the connection). */
export function RealtimeValueProvider({ value, children }: { value: Partial<RealtimeValue>; children?: ReactNode }) {
  const merged = useMemo(() => ({ ...idle, ...value }), [value]);
  return (
    <ValueContext.Provider value={merged}>
      <HubContext.Provider value={merged.hub}>{children}</HubContext.Provider>
    </ValueContext.Provider>
  );
}
