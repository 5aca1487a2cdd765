import { HubConnectionState } from '@microsoft/signalr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildHubConnection,
  createHubClient,
  KEEP_ALIVE_INTERVAL_MS,
  RECONNECT_DELAYS_MS,
  SERVER_TIMEOUT_MS,
  type HubConnectionLike,
  type HubState,
} from '../src/connection';
import { parseChatPayload, toChatPayload } from '../src/events';

/** A scriptable stand-in for @microsoft/signalr's HubConnection. */
class FakeConnection implements HubConnectionLike {
  state: `${HubConnectionState}` = 'Disconnected';
  startResults: ('ok' | 'fail')[] = [];
  starts = 0;
  handlers = new Map<string, Set<(...args: never[]) => void>>();
  invoke = vi.fn(async (..._args: unknown[]): Promise<unknown> => [2, 3]);
  reconnecting?: (error?: Error) => void;
  reconnected?: (id?: string) => void;
  closed?: (error?: Error) => void;

  async start() {
    this.starts++;
    if ((this.startResults.shift() ?? 'ok') === 'fail') throw new Error('negotiate failed');
    this.state = 'Connected';
  }
  async stop() {
    this.state = 'Disconnected';
  }
  on(name: string, handler: (...args: never[]) => void) {
    const set = this.handlers.get(name) ?? new Set();
    set.add(handler);
    this.handlers.set(name, set);
  }
  off(name: string, handler: (...args: never[]) => void) {
    this.handlers.get(name)?.delete(handler);
  }
  emit(name: string, ...args: unknown[]) {
    for (const h of this.handlers.get(name) ?? []) (h as (...a: unknown[]) => void)(...args);
  }
  onreconnecting(cb: (error?: Error) => void) {
    this.reconnecting = cb;
  }
  onreconnected(cb: (id?: string) => void) {
    this.reconnected = cb;
  }
  onclose(cb: (error?: Error) => void) {
    this.closed = cb;
  }
}

let errors: ReturnType<typeof vi.spyOn>;
let warns: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers();
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  warns = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setup(canConnect = () => true) {
  const connection = new FakeConnection();
  const client = createHubClient({ connection, canConnect });
  const states: HubState[] = [];
  client.onStateChange((s) => states.push(s));
  return { connection, client, states };
}

describe('start policy (SPEC §4, §9)', () => {
  it('connects at once when the first start succeeds', async () => {
    const { client, states } = setup();
    await expect(client.start()).resolves.toBe(true);
    expect(client.state).toBe('connected');
    expect(states).toEqual(['connecting', 'connected']);
  });

  it('does not connect without a live session', async () => {
    const { client, connection } = setup(() => false);
    await expect(client.start()).resolves.toBe(false);
    expect(connection.starts).toBe(0);
    expect(client.state).toBe('disconnected');
  });

  it('retries every 5 s and connects on the third attempt', async () => {
    const { client, connection } = setup();
    connection.startResults = ['fail', 'fail', 'ok'];
    const started = client.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.starts).toBe(1);
    await vi.advanceTimersByTimeAsync(4999);
    expect(connection.starts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(connection.starts).toBe(2);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(started).resolves.toBe(true);
    expect(connection.starts).toBe(3);
    expect(errors).toHaveBeenCalledTimes(2);
  });

  it('gives up after 5 failed attempts with the state notConnected', async () => {
    const { client, connection, states } = setup();
    connection.startResults = Array(10).fill('fail');
    const started = client.start();
    await vi.advanceTimersByTimeAsync(4 * 5000);
    await expect(started).resolves.toBe(false);
    expect(connection.starts).toBe(5);
    expect(client.state).toBe('notConnected');
    expect(states.at(-1)).toBe('notConnected');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(connection.starts).toBe(5);
  });

  it('stops retrying when the session ends or stop() is called', async () => {
    let live = true;
    const { client, connection } = setup(() => live);
    connection.startResults = ['fail', 'fail', 'fail'];
    const started = client.start();
    await vi.advanceTimersByTimeAsync(5000);
    live = false;
    await vi.advanceTimersByTimeAsync(5000);
    await expect(started).resolves.toBe(false);
    expect(connection.starts).toBe(2);

    live = true;
    connection.startResults = ['fail', 'fail'];
    const again = client.start();
    await vi.advanceTimersByTimeAsync(0);
    await client.stop();
    await expect(again).resolves.toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(connection.starts).toBe(3);
    expect(client.state).toBe('disconnected');
  });

  it('lets a second start() share the first one', async () => {
    const { client, connection } = setup();
    connection.startResults = ['fail', 'ok'];
    const first = client.start();
    const second = client.start();
    await vi.advanceTimersByTimeAsync(5000);
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    expect(connection.starts).toBe(2);
  });

  it('follows automatic reconnects and closes', async () => {
    const { client, connection, states } = setup();
    await client.start();
    connection.reconnecting?.(new Error('lost'));
    expect(client.state).toBe('reconnecting');
    connection.reconnected?.('abc');
    expect(client.state).toBe('connected');
    connection.closed?.(new Error('gone'));
    expect(client.state).toBe('disconnected');
    expect(states).toEqual([
      'connecting',
      'connected',
      'reconnecting',
      'connected',
      'disconnected',
    ]);
  });
});

describe('invoke and events', () => {
  it('warns and answers null while not connected (SPEC §8)', async () => {
    const { client, connection } = setup();
    await expect(client.invoke('GetConnectedUserIds')).resolves.toBeNull();
    expect(connection.invoke).not.toHaveBeenCalled();
    expect(warns).toHaveBeenCalledWith(expect.stringContaining('GetConnectedUserIds'));
  });

  it('passes typed arguments through once connected; a failed send is logged and answers null', async () => {
    const { client, connection } = setup();
    await client.start();
    await expect(client.invoke('GetConnectedUserIds')).resolves.toEqual([2, 3]);
    connection.invoke.mockRejectedValueOnce(new Error('boom'));
    await expect(
      client.invoke('SendMessageToUserByUserId', 4, toChatPayload(1, '  Salam  ')),
    ).resolves.toBeNull();
    expect(connection.invoke).toHaveBeenLastCalledWith(
      'SendMessageToUserByUserId',
      4,
      '{"message":"Salam","senderId":1}',
    );
    expect(errors).toHaveBeenCalled();
  });

  it('delivers server events to subscribers until they unsubscribe', async () => {
    const { client, connection } = setup();
    const ids: number[] = [];
    const off = client.on('ReceiveNotification', (id) => ids.push(id));
    connection.emit('ReceiveNotification', 41);
    off();
    connection.emit('ReceiveNotification', 42);
    expect(ids).toEqual([41]);
  });

  it('parses chat payloads and warns about broken ones', () => {
    expect(parseChatPayload('{"senderId":2,"message":"Salam"}')).toEqual({
      senderId: 2,
      message: 'Salam',
    });
    expect(parseChatPayload('not json')).toBeNull();
    expect(parseChatPayload('{"senderId":"2","message":"x"}')).toBeNull();
    expect(warns).toHaveBeenCalledTimes(2);
  });
});

describe('buildHubConnection', () => {
  it('configures the spec timeouts and reconnect delays on the real client', async () => {
    vi.useRealTimers();
    const connection = buildHubConnection({
      accessTokenFactory: () => 'token',
      url: 'http://hub.test/ChatHub',
    });
    expect(connection.serverTimeoutInMilliseconds).toBe(SERVER_TIMEOUT_MS);
    expect(connection.keepAliveIntervalInMilliseconds).toBe(KEEP_ALIVE_INTERVAL_MS);
    const policy = (
      connection as unknown as {
        _reconnectPolicy: {
          nextRetryDelayInMilliseconds(c: { previousRetryCount: number }): number | null;
        };
      }
    )._reconnectPolicy;
    expect(
      [0, 1, 2, 3, 4].map((n) => policy.nextRetryDelayInMilliseconds({ previousRetryCount: n })),
    ).toEqual([...RECONNECT_DELAYS_MS, null]);
    expect(connection.state).toBe(HubConnectionState.Disconnected);
    // The real connection satisfies the interface the client wraps.
    const client = createHubClient({ connection, canConnect: () => false });
    await expect(client.start()).resolves.toBe(false);
  });
});
