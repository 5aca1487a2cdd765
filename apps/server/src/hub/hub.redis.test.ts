import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { HubConnectionState, type HubConnection } from '@microsoft/signalr';
import { onRecordChange, publishRecordChange } from './record-presence';
import {
  collect,
  eventually,
  hubConnection,
  negotiate,
  nextEvent,
  pgliteSnapshotFile,
  rawClient,
  startHubServer,
  type HubServer,
  sessionsJson,
} from './test-support';

/*
 * Two (and for one case three) server instances in one Redis (REALTIME.md items 3, 14, 15):
 * presence, chat messages, notifications and revocations cross instances; a connection token
 * issued by one is accepted once by any; an instance that dies leaves no ghost. Runs when
 * REDIS_URL is set (CI: the local Redis); every key lives under a prefix unique to this run.
 */

const REDIS_URL = process.env.REDIS_URL;
const PREFIX = `sdtest:${randomBytes(4).toString('hex')}:`;
process.env.HUB_REDIS_PREFIX = PREFIX;
/** Short heartbeats so a dead instance is noticed within about a second. */
const timings = { heartbeatMs: 150, deadAfterMs: 800 };

const ADMIN = 'admin@servicedesk.az';
const EMPLOYEE = 'employee@servicedesk.az';
const LEAD = 'lead@servicedesk.az';

describe.skipIf(!REDIS_URL)('the hub across instances over Redis', () => {
  let a: HubServer;
  let b: HubServer;
  let adminId: number;
  let employeeId: number;
  let leadId: number;
  let adminToken: string;
  let employeeToken: string;
  let leadToken: string;
  const open: HubConnection[] = [];

  async function connect(server: HubServer, token: string): Promise<HubConnection> {
    const c = hubConnection(server.url, token);
    open.push(c);
    await c.start();
    return c;
  }

  beforeAll(async () => {
    [a, b] = await Promise.all([
      startHubServer({ redisUrl: REDIS_URL, timings }),
      startHubServer({ redisUrl: REDIS_URL, timings }),
    ]);
    // Both instances seeded the same way, so ids agree; one JWT secret, so tokens do too.
    [adminToken, employeeToken, leadToken] = await Promise.all([
      a.login(ADMIN),
      b.login(EMPLOYEE),
      a.login(LEAD),
    ]);
    [adminId, employeeId, leadId] = await Promise.all([
      a.userId(ADMIN),
      b.userId(EMPLOYEE),
      a.userId(LEAD),
    ]);
    expect(await b.userId(ADMIN)).toBe(adminId);
  });

  /**
   * Waits until `instance` reports exactly `ids` online. Not read once: on a loaded machine an
   * instance whose event loop stalled past deadAfterMs (800 ms here) is reaped by its peers and
   * re-registers its connections on its next heartbeat (cluster.ts) — the list is right again then.
   */
  async function onlineOn(instance: { app: { hub: { connectedUserIds(): Promise<number[]> } } }, ids: number[]) {
    let last: number[] = [];
    await eventually(
      async () => {
        last = await instance.app.hub.connectedUserIds();
        return JSON.stringify(last) === JSON.stringify(ids);
      },
      10_000,
      `online ${JSON.stringify(ids)} (last seen ${JSON.stringify(last)})`,
    ).catch(() => expect(last).toEqual(ids));
  }

  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.stop()));
    await eventually(
      async () => (await a.app.hub.connectedUserIds()).length === 0,
      5000,
      'everyone offline',
    );
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    const redis = new Redis(REDIS_URL as string);
    const keys = await redis.keys(`${PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('shares presence: first connection and last disconnection anywhere, and one online list', async () => {
    const admin = await connect(a, adminToken);
    // (The admin's own UserConnected may arrive after this subscription; only the employee's count.)
    const connectedAll = collect<[number]>(admin, 'UserConnected');
    const disconnectedAll = collect<[number]>(admin, 'UserDisconnected');
    const onlyEmployee = (list: [number][]) => list.filter(([id]) => id === employeeId);
    const connected = {
      get length() {
        return onlyEmployee(connectedAll).length;
      },
    };
    const disconnected = {
      get length() {
        return onlyEmployee(disconnectedAll).length;
      },
    };
    const onB = hubConnection(b.url, employeeToken);
    const onA = hubConnection(a.url, employeeToken);
    open.push(onB, onA);
    await onB.start();
    await eventually(() => connected.length === 1);
    expect(onlyEmployee(connectedAll)).toEqual([[employeeId]]);
    await onA.start();
    const both = [adminId, employeeId].sort((x, y) => x - y);
    expect(await admin.invoke('GetConnectedUserIds')).toEqual(both);
    await onlineOn(b, both);
    // A marker for the absence below: the lead, on b only, whose disconnection b announces.
    const leadOnB = hubConnection(b.url, leadToken);
    open.push(leadOnB);
    const leadIn = nextEvent<[number]>(admin, 'UserConnected', 5000, (id) => id === leadId);
    await leadOnB.start();
    await leadIn;
    const bConnections = b.app.hub.localConnectionCount();
    await onB.stop();
    // Shows an absence (no UserDisconnected while the employee is still on a) by an event that
    // would come after it: once b has seen the employee's socket close, the lead leaves b too. b
    // runs both closes the same way (the same Redis calls on the same connection, answered in
    // order), so a wrong UserDisconnected of the employee would be published before the lead's
    // and reach the admin first; when the lead's has arrived, the employee's did not come.
    await eventually(() => b.app.hub.localConnectionCount() === bConnections - 1, 5000, 'b saw the close');
    const leadOut = nextEvent<[number]>(admin, 'UserDisconnected', 5000, (id) => id === leadId);
    await leadOnB.stop();
    await leadOut;
    expect(onlyEmployee(disconnectedAll)).toEqual([]);
    expect(onlyEmployee(connectedAll)).toEqual([[employeeId]]);
    await onA.stop();
    await eventually(() => disconnected.length === 1);
    expect(onlyEmployee(disconnectedAll)).toEqual([[employeeId]]);
    await onlineOn(b, [adminId]);
  });

  it("delivers chat messages to the target and the sender's other tabs on either instance", async () => {
    const sender = await connect(a, adminToken);
    const senderOnB = await connect(b, adminToken);
    const targetOnB = await connect(b, employeeToken);
    const targetOnA = await connect(a, employeeToken);
    const [own, otherTab, t1, t2] = [sender, senderOnB, targetOnB, targetOnA].map((c) =>
      collect<[string]>(c, 'ReceiveMessage'),
    );
    await sender.invoke(
      'SendMessageToUserByUserId',
      employeeId,
      JSON.stringify({ message: 'across', senderId: adminId }),
    );
    await eventually(() => [otherTab, t1, t2].every((list) => list?.length === 1));
    for (const list of [otherTab, t1, t2]) {
      expect(JSON.parse((list as [[string]])[0][0])).toMatchObject({
        senderId: adminId,
        receiverId: employeeId,
        message: 'across',
      });
    }
    // And back, from B to A.
    const reply = nextEvent<[string]>(sender, 'ReceiveMessage');
    await targetOnB.invoke(
      'SendMessageToUserByUserId',
      adminId,
      JSON.stringify({ message: 'back' }),
    );
    expect(JSON.parse((await reply)[0])).toMatchObject({
      senderId: employeeId,
      receiverId: adminId,
      message: 'back',
    });
    // Shows an absence (the sender's own connection got no copy of 'across') by the event after
    // it: 'back' was published to Redis after 'across' and a delivers one channel's messages in
    // order, so a wrong copy would have reached the sender before the reply did.
    expect((own ?? []).map(([json]) => (JSON.parse(json) as { message: string }).message)).toEqual(['back']);
  });

  it('pushes notifications from either instance to connections on the other', async () => {
    const onB = await connect(b, employeeToken);
    const got = nextEvent<[number]>(onB, 'ReceiveNotification');
    await a.app.hub.notifyUsers([employeeId], 7);
    expect(await got).toEqual([7]);
  });

  it('tells the other instance of a record change, even with nobody viewing it (its list cache drops then)', async () => {
    const heard = new Promise<[string, number]>((resolve) => {
      const stop = onRecordChange(b.app.deps, (kind, id) => {
        stop();
        resolve([kind, id]);
      });
    });
    await publishRecordChange(a.app.deps, 'helpdeskRequest', 4242);
    expect(await heard).toEqual(['helpdeskRequest', 4242]);
  });

  it('accepts a connection token on another instance, once in the whole cluster', async () => {
    const { body } = await negotiate(a, employeeToken);
    const id = `id=${encodeURIComponent(String(body.connectionToken))}`;
    const c = await rawClient(b, { token: employeeToken, query: id });
    try {
      await expect(
        rawClient(a, { token: employeeToken, query: id, handshake: false }),
      ).rejects.toThrow('HTTP 404');
      await expect(
        rawClient(b, { token: employeeToken, query: id, handshake: false }),
      ).rejects.toThrow('HTTP 404');
    } finally {
      c.ws.close();
      await c.closed;
    }
  });

  it('revokes a user on every instance', async () => {
    const onB = await connect(b, employeeToken);
    const closed = new Promise<void>((resolve) => onB.onclose(() => resolve()));
    await a.app.hub.disconnectUser(employeeId);
    await closed;
    expect(onB.state).toBe(HubConnectionState.Disconnected);
  });

  it('a stopping instance leaves the cluster at once and announces its users offline', async () => {
    const admin = await connect(a, adminToken);
    const c = await startHubServer({ redisUrl: REDIS_URL, timings });
    const redis = new Redis(REDIS_URL as string);
    try {
      const connected = nextEvent<[number]>(admin, 'UserConnected', 10_000, (id) => id === leadId);
      const lead = hubConnection(c.url, leadToken);
      await lead.start();
      await connected;
      expect(await redis.zscore(`${PREFIX}instances`, c.app.hub.instanceId)).not.toBeNull();
      const disconnected = nextEvent<[number]>(
        admin,
        'UserDisconnected',
        10_000,
        (id) => id === leadId,
      );
      await c.close();
      // Gone the moment close() resolves: a reaper would have needed deadAfterMs (800 ms) first.
      expect(await redis.zscore(`${PREFIX}instances`, c.app.hub.instanceId)).toBeNull();
      expect(await redis.exists(`${PREFIX}conn:${c.app.hub.instanceId}`)).toBe(0);
      await disconnected;
      await onlineOn(a, [adminId]);
      await lead.stop();
    } finally {
      await redis.quit();
    }
  });

  // 60 s: the dying instance is a child process (tsx compiling the server, a PGlite database
  // loaded from the snapshot): 14–23 s measured on the 2-core machine, too near the 30 s default.
  it('leaves no ghost when an instance dies without a goodbye', async () => {
    const admin = await connect(a, adminToken);
    const snapshot = await pgliteSnapshotFile();
    const child: ChildProcess = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./test-instance.ts', import.meta.url))],
      {
        env: {
          ...process.env,
          REDIS_URL,
          HUB_REDIS_PREFIX: PREFIX,
          HUB_HEARTBEAT_MS: String(timings.heartbeatMs),
          HUB_DEAD_AFTER_MS: String(timings.deadAfterMs),
          HUB_PGLITE_SNAPSHOT: snapshot ?? '',
          // The sessions of the signed-in tokens (instances share one database in production).
          HUB_SESSIONS: await sessionsJson(a.app),
          VITEST_WORKER_ID: '',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let out = '';
        child.stdout?.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const match = /PORT (\d+)/.exec(out);
          if (match) resolve(Number(match[1]));
        });
        child.once('exit', (code) => reject(new Error(`instance exited with ${code}`)));
      });
      const connected = nextEvent<[number]>(admin, 'UserConnected', 10_000, (id) => id === leadId);
      const lead = hubConnection(`http://127.0.0.1:${port}`, leadToken);
      await lead.start();
      await connected;
      expect(await admin.invoke('GetConnectedUserIds')).toContain(leadId);
      const disconnected = nextEvent<[number]>(
        admin,
        'UserDisconnected',
        10_000,
        (id) => id === leadId,
      );
      child.kill('SIGKILL');
      await disconnected;
      expect(await admin.invoke('GetConnectedUserIds')).toEqual([adminId]);
      await lead.stop().catch(() => {});
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
