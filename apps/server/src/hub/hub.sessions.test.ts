import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessions } from '../db/schema';
import { DEMO_PASSWORD } from '../seed/catalog';
import { rawClient, startHubServer, type HubServer, type RawClient } from './test-support';

/*
 * A hub connection lives no longer than its session: every way a session ends closes that
 * session's sockets with a Close message naming why (no `allowReconnect`: the client goes to
 * sign-in), while the same user's other session keeps its socket. On one instance, and — when
 * REDIS_URL is set — with the sockets on one instance and the session ended through another.
 */

const REDIS_URL = process.env.REDIS_URL;
if (REDIS_URL) process.env.HUB_REDIS_PREFIX = `sdtest:${randomBytes(4).toString('hex')}:`;

const EMPLOYEE = 'employee@servicedesk.az';
const ADMIN = 'admin@servicedesk.az';

const setups: [string, boolean][] = [['one instance', false]];
if (REDIS_URL) setups.push(['two instances on Redis', true]);

describe.each(setups)('sockets end with their session (%s)', (_name, onRedis) => {
  /** Where the API calls go. */
  let api: HubServer;
  /** Where the sockets are (another instance on Redis). */
  let hub: HubServer;
  let employeeId: number;
  let admin: string;
  beforeAll(async () => {
    if (onRedis) [api, hub] = await Promise.all([startHubServer({ redisUrl: REDIS_URL }), startHubServer({ redisUrl: REDIS_URL })]);
    else hub = api = await startHubServer();
    employeeId = await api.userId(EMPLOYEE);
    admin = await api.login(ADMIN);
  });
  afterAll(async () => {
    await api?.close();
    if (hub !== api) await hub?.close();
  });

  const call = async (token: string, method: string, url: string, body?: unknown) => {
    const res = await fetch(`${api.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return res.json() as Promise<unknown>;
  };
  const sessionIdOf = async (token: string) => {
    const list = (await call(token, 'GET', '/api/auth/sessions')) as { id: string; isCurrent: boolean }[];
    return list.find((s) => s.isCurrent)!.id;
  };

  /** Two sessions of the employee, each with a socket on the hub instance. */
  async function twoSessions(): Promise<{ ending: { token: string; socket: RawClient }; staying: { token: string; socket: RawClient } }> {
    const [endingToken, stayingToken] = [await api.login(EMPLOYEE), await api.login(EMPLOYEE)];
    const [ending, staying] = await Promise.all([rawClient(hub, { token: endingToken }), rawClient(hub, { token: stayingToken })]);
    return { ending: { token: endingToken, socket: ending }, staying: { token: stayingToken, socket: staying } };
  }

  /** The ended session's socket got Close with the reason and closed; the other answers an invocation still. */
  async function expectEnded(ending: RawClient, staying: RawClient | null, reason: string) {
    expect(await ending.closed).toBe(1000);
    expect(ending.records.map((r) => JSON.parse(r) as unknown)).toContainEqual({ type: 7, error: `Session ended: ${reason}` });
    if (!staying) return;
    staying.send('{"type":1,"invocationId":"still","target":"GetConnectedUserIds","arguments":[]}\u001e');
    expect(JSON.parse(await staying.waitFor((r) => r.includes('"invocationId":"still"')))).toMatchObject({ type: 3, result: expect.arrayContaining([employeeId]) });
    staying.ws.close();
  }

  it('logout', async () => {
    const { ending, staying } = await twoSessions();
    await call(ending.token, 'POST', '/api/auth/logout');
    await expectEnded(ending.socket, staying.socket, 'logout');
  });

  it('revoking one session from the sessions list', async () => {
    const { ending, staying } = await twoSessions();
    await call(staying.token, 'POST', `/api/auth/sessions/${await sessionIdOf(ending.token)}/revoke`);
    await expectEnded(ending.socket, staying.socket, 'signedOut');
  });

  it('"sign out everywhere else"', async () => {
    const { ending, staying } = await twoSessions();
    await call(staying.token, 'POST', '/api/auth/sessions/revokeOthers');
    await expectEnded(ending.socket, staying.socket, 'signedOutEverywhere');
  });

  it('a password change (the other sessions end)', async () => {
    const { ending, staying } = await twoSessions();
    await call(staying.token, 'POST', '/api/auth/changePassword', { oldpassword: DEMO_PASSWORD, newPassword: 'Changed1234' });
    await expectEnded(ending.socket, staying.socket, 'passwordChanged');
    await call(staying.token, 'POST', '/api/auth/changePassword', { oldpassword: 'Changed1234', newPassword: DEMO_PASSWORD });
  });

  it('an admin’s "sign out everywhere" and a password reset end every session', async () => {
    for (const [url, body, reason] of [
      [`/api/admin/users/${employeeId}/signOutEverywhere`, undefined, 'admin'],
      [`/api/admin/users/${employeeId}/resetPassword`, { password: DEMO_PASSWORD }, 'passwordReset'],
    ] as const) {
      const { ending, staying } = await twoSessions();
      await call(admin, 'POST', url, body);
      await expectEnded(ending.socket, null, reason);
      await expectEnded(staying.socket, null, reason);
    }
  });

  it('the session’s expiry (the hub checks it itself)', async () => {
    const { ending, staying } = await twoSessions();
    const id = await sessionIdOf(ending.token);
    // The session expires in a moment; the socket opened before must not outlive it.
    await hub.app.deps.db.update(sessions).set({ expiresAt: sql`now() + interval '1 second'` }).where(eq(sessions.id, id));
    if (hub !== api) await api.app.deps.db.update(sessions).set({ expiresAt: sql`now() + interval '1 second'` }).where(eq(sessions.id, id));
    const late = await rawClient(hub, { token: ending.token });
    ending.socket.ws.close();
    await expectEnded(late, staying.socket, 'expired');
  });

  it('a session renewed meanwhile keeps its socket until its new expiry', async () => {
    const token = await api.login(EMPLOYEE);
    const id = await sessionIdOf(token);
    const expireIn = async (seconds: number) => {
      for (const server of new Set([api, hub])) {
        await server.app.deps.db.update(sessions).set({ expiresAt: sql`now() + make_interval(secs => ${seconds})` }).where(eq(sessions.id, id));
      }
    };
    await expireIn(1);
    const socket = await rawClient(hub, { token });
    await expireIn(2.5);
    await expectEnded(socket, null, 'expired');
    // It closed at the renewed expiry, not at the one it was opened with.
    const [row] = await hub.app.deps.db.select({ past: sql<boolean>`now() >= ${sessions.expiresAt}` }).from(sessions).where(eq(sessions.id, id));
    expect(row?.past).toBe(true);
  });
});
