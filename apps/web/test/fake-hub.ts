import { vi } from 'vitest';
import type { HubClient, HubState } from '@servicedesk/realtime/connection';
import type { HubServerEvents } from '@servicedesk/realtime/events';

/**
 * A fake of the tab's hub client (packages/realtime `HubClient`) for web unit tests: no network.
 * `start` connects at once (or fails with `failStart`), `invoked` records invocations,
 * `emit` pushes a server event, `setState` plays a state change (e.g. the server going away).
 */
export interface FakeHub {
  client: HubClient & { start: ReturnType<typeof vi.fn>; stop: ReturnType<typeof vi.fn> };
  invoked: { method: string; args: unknown[] }[];
  emit: <E extends keyof HubServerEvents>(event: E, ...args: HubServerEvents[E]) => void;
  setState: (state: HubState) => void;
}

/** Options of {@link createFakeHub}. */
export interface FakeHubOptions {
  /** What GetConnectedUserIds answers (read at each call). @default [] */
  connected?: number[] | (() => number[]);
  /** start() resolves false and the state becomes 'notConnected'. @default false */
  failStart?: boolean;
}

/** Builds a fake hub client; see {@link FakeHub}. */
export function createFakeHub(options: FakeHubOptions = {}): FakeHub {
  const handlers = new Map<string, Set<(...args: never[]) => void>>();
  const listeners = new Set<(state: HubState) => void>();
  const invoked: FakeHub['invoked'] = [];
  let state: HubState = 'disconnected';
  const setState = (next: HubState) => {
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener(next);
  };
  const connected = () => {
    const c = options.connected ?? [];
    return typeof c === 'function' ? c() : c;
  };
  const client = {
    get state() {
      return state;
    },
    start: vi.fn(async () => {
      if (options.failStart) {
        setState('notConnected');
        return false;
      }
      setState('connected');
      return true;
    }),
    stop: vi.fn(async () => setState('disconnected')),
    on: (event: string, handler: (...args: never[]) => void) => {
      const set = handlers.get(event) ?? new Set();
      set.add(handler);
      handlers.set(event, set);
      return () => void set.delete(handler);
    },
    invoke: (async (method: string, ...args: unknown[]) => {
      invoked.push({ method, args });
      if (state !== 'connected') return null;
      return method === 'GetConnectedUserIds' ? connected() : undefined;
    }) as HubClient['invoke'],
    onStateChange: (listener: (state: HubState) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  } as FakeHub['client'];
  const emit: FakeHub['emit'] = (event, ...args) => {
    for (const h of handlers.get(event) ?? []) (h as (...a: unknown[]) => void)(...(args as unknown[]));
  };
  return { client, invoked, emit, setState };
}

/**
 * The hubs the mocked `src/realtime/environment` hands out (test/setup.ts): `next` is used by
 * the next connection the app opens (an inert connected fake when null); `created` lists every
 * one handed out in the current test. Both reset after each test.
 */
export const fakeHubs = { next: null as FakeHub | null, created: [] as FakeHub[] };

/** The mocked environment module (see test/setup.ts). */
export function fakeRealtimeEnvironment() {
  return {
    createRealHub: (): HubClient => {
      const hub = fakeHubs.next ?? createFakeHub();
      fakeHubs.created.push(hub);
      return hub.client;
    },
  };
}
