import {
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
} from '@microsoft/signalr';
import type { HubMethod, HubMethods, HubServerEvent, HubServerEvents } from './events';

/*
 * The chat hub connection with the policy of SPEC §4 "Chat" and §9:
 * - starts only while a token exists and the session has not expired;
 * - a failed start is logged and retried every 5 s, at most 5 attempts, then the state is
 *   'notConnected' (SPEC §8);
 * - automatic reconnect after 0, 2, 10, 30 s; server timeout 30 s; keep-alive 15 s;
 * - invoking while not connected warns and answers null (SPEC §8); a failed invocation
 *   (e.g. a send) is logged and answers null, with no user message.
 * The HubConnection sits behind `HubClient` so stories and tests use a fake (REALTIME.md).
 * This issue lays the foundation; the chat and notifications issue wires the events.
 */

/** Where the hub listens (SPEC §7). */
export const HUB_URL = '/ChatHub';
/** Automatic reconnect delays, ms (SPEC §9). */
export const RECONNECT_DELAYS_MS: readonly number[] = [0, 2000, 10000, 30000];
/** The server is considered gone after this long without a message, ms (SPEC §9). */
export const SERVER_TIMEOUT_MS = 30_000;
/** The client pings after this long without sending, ms (SPEC §9). */
export const KEEP_ALIVE_INTERVAL_MS = 15_000;
/** Delay between failed start attempts, ms (SPEC §4, §9). */
export const START_RETRY_DELAY_MS = 5_000;
/** Start attempts before giving up with 'notConnected' (SPEC §4, §8, §9). */
export const START_MAX_ATTEMPTS = 5;

/**
 * The client's view of the connection: 'notConnected' is the give-up state after
 * {@link START_MAX_ATTEMPTS} failed starts; 'disconnected' before start, after stop, or
 * when the session does not allow a connection.
 */
export type HubState =
  'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'notConnected';

/** The subset of @microsoft/signalr's HubConnection this package uses (fakes implement it). */
export interface HubConnectionLike {
  readonly state: HubConnectionState | `${HubConnectionState}`;
  start(): Promise<void>;
  stop(): Promise<void>;
  on(methodName: string, handler: (...args: never[]) => void): void;
  off(methodName: string, handler: (...args: never[]) => void): void;
  invoke(methodName: string, ...args: unknown[]): Promise<unknown>;
  onreconnecting(callback: (error?: Error) => void): void;
  onreconnected(callback: (connectionId?: string) => void): void;
  onclose(callback: (error?: Error) => void): void;
}

/** Options of {@link buildHubConnection}. */
export interface BuildHubConnectionOptions {
  /** The current session token (read on every (re)connect). */
  accessTokenFactory: () => string | Promise<string>;
  /** @default '/ChatHub' */
  url?: string;
  /** @default LogLevel.Warning */
  logLevel?: LogLevel;
}

/** Builds the real @microsoft/signalr connection with the spec's reconnect, timeout and keep-alive. */
export function buildHubConnection(options: BuildHubConnectionOptions): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(options.url ?? HUB_URL, { accessTokenFactory: options.accessTokenFactory })
    .withAutomaticReconnect([...RECONNECT_DELAYS_MS])
    .withServerTimeout(SERVER_TIMEOUT_MS)
    .withKeepAliveInterval(KEEP_ALIVE_INTERVAL_MS)
    .configureLogging(options.logLevel ?? LogLevel.Warning)
    .build();
}

/** The typed hub client the app uses (REALTIME.md: start, stop, on, invoke, state). */
export interface HubClient {
  readonly state: HubState;
  /**
   * Connects, retrying as the spec says. Resolves true once connected; false when the
   * session does not allow a connection, when stopped meanwhile, or after the last failed
   * attempt (state 'notConnected').
   */
  start(): Promise<boolean>;
  /** Disconnects and cancels a pending retry. */
  stop(): Promise<void>;
  /** Subscribes to a server event; returns the unsubscribe function. */
  on<E extends HubServerEvent>(
    event: E,
    handler: (...args: HubServerEvents[E]) => void,
  ): () => void;
  /** Invokes a hub method; null when not connected (warned) or when the call failed (logged). */
  invoke<M extends HubMethod>(
    method: M,
    ...args: HubMethods[M]['args']
  ): Promise<HubMethods[M]['result'] | null>;
  /** Calls `listener` on every state change; returns the unsubscribe function. */
  onStateChange(listener: (state: HubState) => void): () => void;
}

/** Options of {@link createHubClient}. */
export interface CreateHubClientOptions {
  /** The connection, e.g. `buildHubConnection({ accessTokenFactory })`, or a fake. */
  connection: HubConnectionLike;
  /** Whether a token exists and the session has not expired (SPEC §4); checked before every attempt. */
  canConnect: () => boolean;
  /** @default START_RETRY_DELAY_MS */
  retryDelayMs?: number;
  /** @default START_MAX_ATTEMPTS */
  maxAttempts?: number;
}

/** Wraps a connection with the start policy, typed events and safe invocation. */
export function createHubClient(options: CreateHubClientOptions): HubClient {
  const { connection, canConnect } = options;
  const retryDelayMs = options.retryDelayMs ?? START_RETRY_DELAY_MS;
  const maxAttempts = options.maxAttempts ?? START_MAX_ATTEMPTS;
  const listeners = new Set<(state: HubState) => void>();
  let state: HubState = 'disconnected';
  let run = 0; // bumped by stop(): a pending start loop notices and gives up
  let pending: { timer: ReturnType<typeof setTimeout>; resolve: () => void } | null = null;

  const setState = (next: HubState) => {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener(next);
  };

  connection.onreconnecting(() => setState('reconnecting'));
  connection.onreconnected(() => setState('connected'));
  connection.onclose((error) => {
    if (error) console.error('[realtime] hub connection closed', error);
    setState('disconnected');
  });

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      pending = { timer: setTimeout(() => ((pending = null), resolve()), ms), resolve };
    });

  async function start(): Promise<boolean> {
    if (state === 'connected') return true;
    if (state === 'connecting' || state === 'reconnecting') return settled();
    const myRun = ++run;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (myRun !== run) return false;
      if (!canConnect()) {
        setState('disconnected');
        return false;
      }
      setState('connecting');
      try {
        await connection.start();
        if (myRun !== run) return false;
        setState('connected');
        return true;
      } catch (error) {
        if (myRun !== run) return false;
        console.error(`[realtime] hub start attempt ${attempt}/${maxAttempts} failed`, error);
      }
      if (attempt < maxAttempts) await wait(retryDelayMs);
    }
    if (myRun !== run) return false;
    setState('notConnected');
    return false;
  }

  // A start() while a start or reconnect is under way resolves with that one's outcome.
  function settled(): Promise<boolean> {
    return new Promise((resolve) => {
      const off = onStateChange((next) => {
        if (next === 'connecting' || next === 'reconnecting') return;
        off();
        resolve(next === 'connected');
      });
    });
  }

  async function stop(): Promise<void> {
    run++;
    if (pending) {
      clearTimeout(pending.timer);
      pending.resolve();
      pending = null;
    }
    if (connection.state !== HubConnectionState.Disconnected) await connection.stop();
    setState('disconnected');
  }

  function on<E extends HubServerEvent>(
    event: E,
    handler: (...args: HubServerEvents[E]) => void,
  ): () => void {
    const h = handler as unknown as (...args: never[]) => void;
    connection.on(event, h);
    return () => connection.off(event, h);
  }

  async function invoke<M extends HubMethod>(
    method: M,
    ...args: HubMethods[M]['args']
  ): Promise<HubMethods[M]['result'] | null> {
    if (state !== 'connected') {
      console.warn(`[realtime] ${method} invoked while the hub is ${state}`);
      return null;
    }
    try {
      return (await connection.invoke(method, ...args)) as HubMethods[M]['result'];
    } catch (error) {
      console.error(`[realtime] ${method} failed`, error);
      return null;
    }
  }

  function onStateChange(listener: (state: HubState) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return {
    get state() {
      return state;
    },
    start,
    stop,
    on,
    invoke,
    onStateChange,
  };
}
