import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { HubConnectionState, type HubConnection } from '@microsoft/signalr';
import type { ChatStore } from './chat-store';
import { defaultHubTimings } from './hub';
import {
  collect,
  eventually,
  hubConnection,
  negotiate,
  nextEvent,
  prepareHubServer,
  rawClient,
  startHubServer,
  type HubServer,
  type RawClient,
} from './test-support';

/*
 * REALTIME.md's checklist, item by item, against a real listening server: the official
 * @microsoft/signalr client where it can say it, a bare WebSocket where only a misbehaving
 * client could (invalid JSON, batched frames, odd message types, silence).
 */

const ADMIN = 'admin@servicedesk.az';
const EMPLOYEE = 'employee@servicedesk.az';
const LEAD = 'lead@servicedesk.az';

let server: HubServer;
/** A second instance (same JWT secret) and one whose log lines are kept. */
let other: HubServer;
let logged: HubServer;
const logLines: string[] = [];
let adminToken: string;
let employeeToken: string;
let leadToken: string;
let adminId: number;
let employeeId: number;
let leadId: number;
const open: HubConnection[] = [];
const raws: RawClient[] = [];

/** Starts an official client connection and remembers it for cleanup. */
async function connect(
  token: string,
  options?: Parameters<typeof hubConnection>[2],
): Promise<HubConnection> {
  const c = hubConnection(server.url, token, options);
  open.push(c);
  await c.start();
  return c;
}

async function raw(options: Parameters<typeof rawClient>[1]): Promise<RawClient> {
  const c = await rawClient(server, options);
  raws.push(c);
  return c;
}

beforeAll(async () => {
  [server, other, logged] = await Promise.all([
    startHubServer(),
    startHubServer(),
    startHubServer({ logLines }),
  ]);
  [adminToken, employeeToken, leadToken] = await Promise.all([
    server.login(ADMIN),
    server.login(EMPLOYEE),
    server.login(LEAD),
  ]);
  [adminId, employeeId, leadId] = await Promise.all([
    server.userId(ADMIN),
    server.userId(EMPLOYEE),
    server.userId(LEAD),
  ]);
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop()));
  for (const r of raws.splice(0)) {
    // Item 6: whatever a test did, the server only ever sent text frames.
    expect(r.sawBinary).toBe(false);
    r.ws.close();
  }
  server.app.hub.configure(defaultHubTimings);
  await eventually(
    async () => (await server.app.hub.connectedUserIds()).length === 0,
    5000,
    'everyone offline',
  );
});

afterAll(async () => {
  await Promise.all([server?.close(), other?.close(), logged?.close()]);
});

describe('1–2. negotiate', () => {
  it('answers 401 without or with a bad token', async () => {
    expect((await negotiate(server, null)).status).toBe(401);
    expect((await negotiate(server, 'not-a-jwt')).status).toBe(401);
  });

  it('answers the version-1 shape with WebSockets only and nothing that makes the client abort', async () => {
    const { status, body } = await negotiate(server, adminToken);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual([
      'availableTransports',
      'connectionId',
      'connectionToken',
      'negotiateVersion',
    ]);
    expect(body.negotiateVersion).toBe(1);
    expect(body.availableTransports).toEqual([
      { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
    ]);
    expect(body.connectionToken).not.toBe(body.connectionId);
    expect(body).not.toHaveProperty('ProtocolVersion');
    expect(body).not.toHaveProperty('useStatefulReconnect');
  });

  it('answers the version-0 shape without negotiateVersion (the connection id is the token)', async () => {
    const { status, body } = await negotiate(server, adminToken, '');
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['availableTransports', 'connectionId']);
    const c = await raw({
      token: adminToken,
      query: `id=${encodeURIComponent(String(body.connectionId))}`,
    });
    c.send('{"type":1,"invocationId":"1","target":"GetConnectedUserIds","arguments":[]}\u001e');
    expect(JSON.parse(await c.waitFor((r) => r.includes('"type":3')))).toEqual({
      type: 3,
      invocationId: '1',
      result: [adminId],
    });
  });

  it('lets the official client connect (negotiate, then the WebSocket with the connection token)', async () => {
    const c = await connect(adminToken);
    expect(c.state).toBe(HubConnectionState.Connected);
    expect(c.connectionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('answers CORS: the preflight and the POST echo the Origin and allow credentials and the client headers', async () => {
    const origin = 'http://localhost:5173';
    const pre = await fetch(`${server.url}/ChatHub/negotiate?negotiateVersion=1`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'authorization,x-requested-with,x-signalr-user-agent,content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
    expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
    const allowed = (pre.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const h of ['authorization', 'x-requested-with', 'x-signalr-user-agent', 'content-type'])
      expect(allowed).toContain(h);
    const post = await fetch(`${server.url}/ChatHub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: {
        origin,
        authorization: `Bearer ${adminToken}`,
        'content-type': 'text/plain;charset=UTF-8',
      },
      body: '',
    });
    expect(post.status).toBe(200);
    expect(post.headers.get('access-control-allow-origin')).toBe(origin);
    expect(post.headers.get('access-control-allow-credentials')).toBe('true');
  });
});

describe('3. upgrade', () => {
  it('refuses the upgrade with 401 without a valid token', async () => {
    await expect(rawClient(server, { handshake: false })).rejects.toThrow('HTTP 401');
    await expect(rawClient(server, { token: 'x.y.z', handshake: false })).rejects.toThrow(
      'HTTP 401',
    );
    await expect(
      rawClient(server, { query: 'access_token=x.y.z', handshake: false }),
    ).rejects.toThrow('HTTP 401');
  });

  it('accepts the token in the access_token query (the browser way)', async () => {
    const c = await raw({ query: `access_token=${encodeURIComponent(adminToken)}` });
    c.send('{"type":1,"invocationId":"a","target":"GetConnectedUserIds","arguments":[]}\u001e');
    expect(await c.waitFor((r) => r.includes('"invocationId":"a"'))).toContain(`[${adminId}]`);
  });

  it("answers 404 for an unknown, reused or other user's connection token", async () => {
    await expect(
      rawClient(server, { token: adminToken, query: 'id=nonsense', handshake: false }),
    ).rejects.toThrow('HTTP 404');
    const { body } = await negotiate(server, adminToken);
    const id = `id=${encodeURIComponent(String(body.connectionToken))}`;
    await expect(
      rawClient(server, { token: employeeToken, query: id, handshake: false }),
    ).rejects.toThrow('HTTP 404');
    raws.push(await rawClient(server, { token: adminToken, query: id }));
    await expect(
      rawClient(server, { token: adminToken, query: id, handshake: false }),
    ).rejects.toThrow('HTTP 404');
  });

  it('answers 404 for an expired connection token', async () => {
    server.app.hub.configure({ connectionTokenTtlMs: 100 });
    const { body } = await negotiate(server, adminToken);
    // The server's clock moves past the token's expiry (no waiting for it).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 200 });
    onTestFinished(() => void vi.useRealTimers());
    await expect(
      rawClient(server, {
        token: adminToken,
        query: `id=${encodeURIComponent(String(body.connectionToken))}`,
        handshake: false,
      }),
    ).rejects.toThrow('HTTP 404');
  });

  it('opens a new connection without an id (skipNegotiation)', async () => {
    const c = await connect(adminToken, { http: { skipNegotiation: true } });
    expect(await c.invoke('GetConnectedUserIds')).toEqual([adminId]);
  });

  it('accepts a connection token another instance issued (same secret)', async () => {
    const { body } = await negotiate(other, adminToken);
    const c = await raw({
      token: adminToken,
      query: `id=${encodeURIComponent(String(body.connectionToken))}`,
    });
    c.send('{"type":1,"invocationId":"x","target":"GetConnectedUserIds","arguments":[]}\u001e');
    expect(await c.waitFor((r) => r.includes('"invocationId":"x"'))).toContain(`[${adminId}]`);
  });
});

describe('4. handshake', () => {
  it('answers {} (no type field) to the json protocol', async () => {
    const c = await raw({ token: adminToken, handshake: false });
    c.send('{"protocol":"json","version":1}\u001e');
    expect(await c.waitFor(() => true)).toBe('{}');
  });

  it("refuses another protocol with .NET's error text and closes", async () => {
    const c = await raw({ token: adminToken, handshake: false });
    c.send('{"protocol":"messagepack","version":1}\u001e');
    expect(await c.waitFor(() => true)).toBe(
      JSON.stringify({ error: "Requested protocol 'messagepack' is not available." }),
    );
    await c.closed;
  });

  it('closes a connection that sends no handshake in time', async () => {
    server.app.hub.configure({ handshakeTimeoutMs: 200, tickMs: 50 });
    const c = await raw({ token: adminToken, handshake: false });
    const started = Date.now();
    await c.closed;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(c.records).toEqual([]);
  });

  it('processes records that follow the handshake in the same frame', async () => {
    const c = await raw({ token: adminToken, handshake: false });
    c.send(
      '{"protocol":"json","version":1}\u001e{"type":1,"invocationId":"7","target":"GetConnectedUserIds","arguments":[]}\u001e',
    );
    expect(await c.waitFor(() => true)).toBe('{}');
    expect(JSON.parse(await c.waitFor(() => true))).toEqual({
      type: 3,
      invocationId: '7',
      result: [adminId],
    });
  });
});

describe('5–6. framing', () => {
  it('splits a frame on \\x1e and answers every batched record, in order, as text records', async () => {
    const c = await raw({ token: adminToken });
    c.send(
      '{"type":1,"invocationId":"1","target":"GetConnectedUserIds","arguments":[]}\u001e' +
        '{"type":6}\u001e' +
        '{"type":1,"invocationId":"2","target":"GetConnectedUserIds","arguments":[]}\u001e',
    );
    await eventually(() => c.records.length >= 2);
    expect(c.records.map((r) => (JSON.parse(r) as { invocationId: string }).invocationId)).toEqual([
      '1',
      '2',
    ]);
  });

  it('closes the connection on invalid JSON, with a Close message first', async () => {
    const c = await raw({ token: adminToken });
    c.send('{"type":1,\u001e');
    expect(JSON.parse(await c.waitFor(() => true))).toEqual({
      type: 7,
      error: 'Connection closed with an error.',
    });
    await c.closed;
  });

  it('closes the connection on a message larger than 32 KB', async () => {
    const c = await raw({ token: adminToken });
    c.send(
      `{"type":1,"target":"GetConnectedUserIds","arguments":["${'x'.repeat(33 * 1024)}"]}\u001e`,
    );
    expect(await c.closed).toBe(1009);
  });
});

describe('7–9. invocations', () => {
  it('answers an invocation with an id with exactly one completion: result, or nothing for void', async () => {
    const c = await raw({ token: adminToken });
    c.send('{"type":1,"invocationId":"r","target":"GetConnectedUserIds","arguments":[]}\u001e');
    c.send(
      `{"type":1,"invocationId":"v","target":"SendMessageToUserByUserId","arguments":[${employeeId},"{\\"message\\":\\"hi\\"}"]}\u001e`,
    );
    // A connection's messages are answered in order: once the last one's answer is in, any
    // extra answer to the first two would be too.
    c.send('{"type":1,"invocationId":"last","target":"GetConnectedUserIds","arguments":[]}\u001e');
    await c.waitFor((r) => r.includes('"invocationId":"last"'));
    expect(c.records.map((r) => JSON.parse(r))).toEqual([
      { type: 3, invocationId: 'r', result: [adminId] },
      { type: 3, invocationId: 'v' },
    ]);
  });

  it("never answers an invocation without an id (the client's send())", async () => {
    const c = await raw({ token: adminToken });
    c.send('{"type":1,"target":"GetConnectedUserIds","arguments":[]}\u001e');
    c.send('{"type":1,"target":"NoSuchMethod","arguments":[]}\u001e');
    // Answered in order: the answer to a later invocation comes after any to these two.
    c.send('{"type":1,"invocationId":"last","target":"GetConnectedUserIds","arguments":[]}\u001e');
    expect(await c.waitFor(() => true)).toContain('"invocationId":"last"');
    expect(c.records).toEqual([]);
    const client = await connect(adminToken);
    await client.send('SendMessageToUserByUserId', employeeId, JSON.stringify({ message: 'hi' }));
    await client.send('NoSuchMethod');
    expect(await client.invoke('GetConnectedUserIds')).toContain(adminId);
    expect(client.state).toBe(HubConnectionState.Connected);
  });

  it('words errors as ASP.NET Core does, without details for unexpected ones', async () => {
    const c = await connect(adminToken);
    await expect(c.invoke('NoSuchMethod')).rejects.toThrow(/^Unknown hub method 'NoSuchMethod'$/);
    await expect(
      c.invoke('SendMessageToUserByUserId', employeeId, JSON.stringify({ message: '   ' })),
    ).rejects.toThrow(
      /^An unexpected error occurred invoking 'SendMessageToUserByUserId' on the server\. HubException: The message is empty\.$/,
    );
    await expect(
      c.invoke(
        'SendMessageToUserByUserId',
        employeeId,
        JSON.stringify({ message: 'x'.repeat(2001) }),
      ),
    ).rejects.toThrow(/HubException: The message is longer than 2000 characters\.$/);
    await expect(c.invoke('SendMessageToUserByUserId', employeeId)).rejects.toThrow(
      /^Failed to invoke 'SendMessageToUserByUserId' due to an error on the server\.$/,
    );
    const store = server.app.hub.chatStore as ChatStore;
    const save = store.save;
    store.save = async () => {
      throw new Error('connection refused to db-secret-host:5432');
    };
    try {
      const error = await c
        .invoke('SendMessageToUserByUserId', employeeId, JSON.stringify({ message: 'hi' }))
        .catch((e: Error) => e);
      expect((error as Error).message).toBe(
        "An unexpected error occurred invoking 'SendMessageToUserByUserId' on the server.",
      );
    } finally {
      store.save = save;
    }
    expect(c.state).toBe(HubConnectionState.Connected);
  });

  it('matches method names case-insensitively', async () => {
    const c = await connect(adminToken);
    expect(await c.invoke('getconnecteduserids')).toEqual([adminId]);
    expect(await c.invoke('GETCONNECTEDUSERIDS')).toEqual([adminId]);
  });

  it("runs one connection's messages one at a time, in order", async () => {
    const receiver = await connect(employeeToken);
    const got = collect<[string]>(receiver, 'ReceiveMessage');
    const store = server.app.hub.chatStore as ChatStore;
    const save = store.save;
    let running = 0;
    let overlapped = false;
    // The first save holds until the server received all three messages: run concurrently, the
    // later ones would start (and overtake it) meanwhile.
    const inFrames = async () =>
      (await server.app.metrics.hubMessages.get()).values.find((v) => v.labels.direction === 'in')?.value ?? 0;
    let gate: Promise<void> | null = null;
    store.save = async (m) => {
      running++;
      if (running > 1) overlapped = true;
      const held = gate;
      gate = null;
      if (held) await held;
      running--;
      return save(m);
    };
    try {
      // A bare socket: each message its own WebSocket frame, so the frames counted are these.
      const sender = await raw({ token: adminToken });
      const base = await inFrames();
      gate = eventually(async () => (await inFrames()) >= base + 3, 5000, 'the three messages received');
      for (const message of ['one', 'two', 'three']) {
        sender.send(
          `{"type":1,"target":"SendMessageToUserByUserId","arguments":[${employeeId},${JSON.stringify(JSON.stringify({ message }))}]}\u001e`,
        );
      }
      await eventually(() => got.length === 3);
    } finally {
      store.save = save;
    }
    expect(overlapped).toBe(false);
    expect(got.map(([json]) => (JSON.parse(json) as { message: string }).message)).toEqual([
      'one',
      'two',
      'three',
    ]);
  });
});

describe('10, 14–15. server events, presence, chat', () => {
  it("announces a user's first connection and last disconnection only, and lists who is online", async () => {
    const admin = await connect(adminToken);
    const connected = collect<[number]>(admin, 'UserConnected');
    const disconnected = collect<[number]>(admin, 'UserDisconnected');
    const first = hubConnection(server.url, employeeToken);
    const second = hubConnection(server.url, employeeToken);
    await first.start();
    await eventually(() => connected.length === 1);
    expect(connected).toEqual([[employeeId]]);
    await second.start();
    expect(await admin.invoke('GetConnectedUserIds')).toEqual(
      [adminId, employeeId].sort((a, b) => a - b),
    );
    await first.stop();
    await eventually(() => server.app.hub.localConnectionCount() === 2);
    expect(await admin.invoke('GetConnectedUserIds')).toEqual([adminId, employeeId].sort((a, b) => a - b));
    await second.stop();
    await eventually(() => disconnected.length >= 1);
    // One announcement, for the last connection (the admin's own answers come in order after it).
    await admin.invoke('GetConnectedUserIds');
    expect(disconnected).toEqual([[employeeId]]);
    expect(connected).toEqual([[employeeId]]);
    expect(await admin.invoke('GetConnectedUserIds')).toEqual([adminId]);
  });

  it("delivers a message to every connection of the target and the sender's other tabs, persisted, with the real sender", async () => {
    const senderTab = await connect(adminToken);
    const senderOtherTab = await connect(adminToken);
    const target1 = await connect(employeeToken);
    const target2 = await connect(employeeToken);
    const bystander = await connect(leadToken);
    const [ownEcho, other, t1, t2, lead] = [
      senderTab,
      senderOtherTab,
      target1,
      target2,
      bystander,
    ].map((c) => collect<[string]>(c, 'ReceiveMessage'));
    // A forged senderId in the payload is ignored: the sender is the connection's user.
    await senderTab.invoke(
      'SendMessageToUserByUserId',
      employeeId,
      JSON.stringify({ message: '  Salam!  ', senderId: leadId }),
    );
    await eventually(() => [other, t1, t2].every((list) => list?.length === 1));
    // Each socket's records come in order: answered after the message, any copy would be in.
    await Promise.all([senderTab, bystander].map((c) => c.invoke('GetConnectedUserIds')));
    expect(ownEcho).toEqual([]);
    expect(lead).toEqual([]);
    for (const list of [other, t1, t2]) {
      const [[json]] = list as [[string]];
      expect(typeof json).toBe('string');
      expect(JSON.parse(json)).toMatchObject({
        senderId: adminId,
        message: 'Salam!',
        receiverId: employeeId,
      });
    }
    const stored = await server.app.hub.chatStore.conversation(adminId, employeeId);
    expect(stored[0]).toMatchObject({
      senderId: adminId,
      receiverId: employeeId,
      message: 'Salam!',
    });
    expect(JSON.parse((t1 as [[string]])[0][0])).toMatchObject({ id: stored[0]?.id });
  });

  it('pushes ReceiveNotification(id) to every connection of the notified users only', async () => {
    const a = await connect(employeeToken);
    const b = await connect(employeeToken);
    const other = await connect(adminToken);
    const otherGot = collect(other, 'ReceiveNotification');
    const events = Promise.all([
      nextEvent<[number]>(a, 'ReceiveNotification'),
      nextEvent<[number]>(b, 'ReceiveNotification'),
    ]);
    await server.app.hub.notifyUsers([employeeId], 42);
    expect(await events).toEqual([[42], [42]]);
    await other.invoke('GetConnectedUserIds'); // its socket's records come in order
    expect(otherGot).toEqual([]);
  });
});

describe('11. keep-alive and client timeout', () => {
  it('pings a connection it sent nothing to for the keep-alive interval', async () => {
    server.app.hub.configure({ keepAliveMs: 200, tickMs: 50 });
    const c = await raw({ token: adminToken });
    expect(await c.waitFor((r) => r === '{"type":6}', 1500)).toBe('{"type":6}');
  });

  it('drops a client silent for the client timeout, but not one that pings', async () => {
    server.app.hub.configure({ clientTimeoutMs: 400, tickMs: 50 });
    const silent = await raw({ token: adminToken });
    const talking = await raw({ token: employeeToken });
    const timer = setInterval(() => talking.send('{"type":6}\u001e'), 100);
    try {
      const started = Date.now();
      await silent.closed;
      expect(Date.now() - started).toBeLessThan(2000);
      talking.send('{"type":1,"invocationId":"alive","target":"GetConnectedUserIds","arguments":[]}\u001e');
      await talking.waitFor((r) => r.includes('"invocationId":"alive"'));
      expect(talking.ws.readyState).toBe(1);
    } finally {
      clearInterval(timer);
    }
  });
});

describe('12. client message types', () => {
  it("closes cleanly on the client's Close message", async () => {
    const c = await raw({ token: adminToken });
    c.send('{"type":7}\u001e');
    expect(await c.closed).toBe(1000);
  });

  it('answers a stream invocation with a completion error', async () => {
    const c = await raw({ token: adminToken });
    c.send('{"type":4,"invocationId":"s","target":"GetConnectedUserIds","arguments":[]}\u001e');
    const completion = JSON.parse(await c.waitFor(() => true)) as {
      type: number;
      invocationId: string;
      error: string;
    };
    expect(completion).toMatchObject({ type: 3, invocationId: 's' });
    expect(completion.error).toContain('non-streaming');
  });

  it('ignores stream items, completions, cancels, pings, acks, sequences and unknown types', async () => {
    const c = await raw({ token: adminToken });
    c.send(
      [
        '{"type":2,"invocationId":"1","item":1}',
        '{"type":3,"invocationId":"1","result":1}',
        '{"type":5,"invocationId":"1"}',
        '{"type":6}',
        '{"type":8,"sequenceId":1}',
        '{"type":9,"sequenceId":1}',
        '{"type":42,"whatever":true}',
        '',
      ].join('\u001e'),
    );
    // The first record after them is the answer to the next invocation: nothing answered these.
    c.send('{"type":1,"invocationId":"after","target":"GetConnectedUserIds","arguments":[]}\u001e');
    expect(JSON.parse(await c.waitFor(() => true))).toEqual({
      type: 3,
      invocationId: 'after',
      result: [adminId],
    });
  });
});

describe('13. closing from the server', () => {
  it('revoking a user sends Close without allowReconnect; the client does not come back', async () => {
    const c = await connect(employeeToken, { reconnectDelays: [0, 100] });
    const r = await raw({ token: employeeToken });
    let reconnecting = false;
    c.onreconnecting(() => (reconnecting = true));
    const closed = new Promise<Error | undefined>((resolve) => c.onclose(resolve));
    await server.app.hub.disconnectUser(employeeId);
    expect(JSON.parse(await r.waitFor(() => true))).toEqual({ type: 7 });
    // The client calls onclose only when it does not reconnect (onreconnecting instead otherwise).
    await closed;
    expect(reconnecting).toBe(false);
    expect(c.state).toBe(HubConnectionState.Disconnected);
  });

  it('a graceful shutdown sends Close with allowReconnect and clients come back to the restarted server', async () => {
    const [first, next] = await Promise.all([startHubServer(), prepareHubServer()]);
    const token = await first.login(EMPLOYEE);
    const r = await rawClient(first, { token });
    const c = hubConnection(first.url, token, {
      reconnectDelays: [0, 200, 200, 200, 200, 500, 500, 1000, 1000, 1000],
    });
    await c.start();
    const reconnecting = new Promise<void>((resolve) => c.onreconnecting(() => resolve()));
    const reconnected = new Promise<void>((resolve) => c.onreconnected(() => resolve()));
    await first.close();
    expect(r.records).toContain('{"type":7,"allowReconnect":true}');
    expect(await r.closed).toBe(1000);
    await reconnecting;
    const second = await next.listen(first.port);
    try {
      await reconnected;
      expect(c.state).toBe(HubConnectionState.Connected);
      expect(await c.invoke('GetConnectedUserIds')).toEqual([await second.userId(EMPLOYEE)]);
    } finally {
      await c.stop();
      await second.close();
    }
  });
});

describe('16. logs', () => {
  it('never logs the access_token of the WebSocket URL', async () => {
    const token = await logged.login(ADMIN);
    {
      const { body, status } = await negotiate(
        logged,
        null,
        `negotiateVersion=1&access_token=${encodeURIComponent(token)}`,
      );
      expect(status).toBe(200);
      const c = await rawClient(logged, {
        query: `id=${encodeURIComponent(String(body.connectionToken))}&access_token=${encodeURIComponent(token)}`,
      });
      await expect(
        rawClient(logged, {
          query: `access_token=${encodeURIComponent(token)}x`,
          handshake: false,
        }),
      ).rejects.toThrow('HTTP 401');
      c.ws.close();
      await c.closed;
      const text = logLines.join('\n');
      expect(text).toContain('access_token=[redacted]');
      expect(text).not.toContain(token);
      expect(text).not.toContain(token.split('.')[2] as string);
    }
  });
});
