import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createCrossTabBus,
  parseCrossTabMessage,
  type CrossTabBus,
  type CrossTabMessage,
} from '../src/cross-tab';

// Node 20's BroadcastChannel delivers between instances of one process asynchronously,
// like two browser tabs.
const buses: CrossTabBus[] = [];
const open = (name = 'sd-test') => {
  const bus = createCrossTabBus(name);
  buses.push(bus);
  return bus;
};
afterEach(() => {
  for (const bus of buses.splice(0)) bus.close();
  vi.restoreAllMocks();
});

/** Resolves with the next message `bus` delivers. */
const next = (bus: CrossTabBus) =>
  new Promise<CrossTabMessage>((resolve) => {
    const off = bus.subscribe((m) => {
      off();
      resolve(m);
    });
  });

describe('createCrossTabBus', () => {
  it('tells another tab about logout and notifications', async () => {
    const tabA = open();
    const tabB = open();
    for (const message of [
      { type: 'logout' },
      { type: 'newNotification', id: 7 },
      { type: 'readNotification', id: 7 },
      { type: 'readAllNotification' },
    ] as CrossTabMessage[]) {
      const received = next(tabB);
      tabA.post(message);
      await expect(received).resolves.toEqual(message);
    }
  });

  it('does not echo a post back to the posting tab', async () => {
    const tabA = open();
    const tabB = open();
    const own = vi.fn();
    tabA.subscribe(own);
    const received = next(tabB);
    tabA.post({ type: 'logout' });
    await received;
    expect(own).not.toHaveBeenCalled();
  });

  it('warns about an unknown message and does not deliver it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const tabB = open();
    const handler = vi.fn();
    tabB.subscribe(handler);
    const raw = new BroadcastChannel('sd-test');
    raw.postMessage({ type: 'selfDestruct' });
    raw.postMessage({ type: 'newNotification' }); // id missing
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(2));
    raw.close();
    expect(handler).not.toHaveBeenCalled();
    expect(warn.mock.calls[0]?.[1]).toEqual({ type: 'selfDestruct' });
  });

  it('stops delivering after unsubscribe, and close leaves the channel', async () => {
    const tabA = open();
    const tabB = open();
    const tabC = open();
    const handler = vi.fn();
    const off = tabB.subscribe(handler);
    off();
    tabC.close();
    const received = next(tabB);
    tabA.post({ type: 'logout' });
    await received;
    expect(handler).not.toHaveBeenCalled();
    expect(() => tabC.post({ type: 'logout' })).not.toThrow();
  });

  it('keeps channels apart', async () => {
    const a = open('sd-one');
    const b = open('sd-two');
    const c = open('sd-two');
    const handler = vi.fn();
    b.subscribe(handler);
    const received = next(c);
    a.post({ type: 'logout' });
    b.post({ type: 'readAllNotification' });
    await expect(received).resolves.toEqual({ type: 'readAllNotification' });
    expect(handler).not.toHaveBeenCalled();
  });

  it('is a no-op with one warning where BroadcastChannel is missing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const original = globalThis.BroadcastChannel;
    (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel = undefined;
    try {
      const lonely = createCrossTabBus('sd');
      expect(() => lonely.post({ type: 'logout' })).not.toThrow();
      expect(warn).toHaveBeenCalledOnce();
    } finally {
      globalThis.BroadcastChannel = original;
    }
  });
});

describe('parseCrossTabMessage', () => {
  it('accepts the four spec messages and rejects the rest', () => {
    expect(parseCrossTabMessage({ type: 'readNotification', id: 3, extra: 1 })).toEqual({
      type: 'readNotification',
      id: 3,
    });
    expect(parseCrossTabMessage({ type: 'newNotification', id: '3' })).toBeNull();
    expect(parseCrossTabMessage('logout')).toBeNull();
    expect(parseCrossTabMessage(null)).toBeNull();
  });
});
