import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app';
import { prepareDatabase } from '../../db/prepare';
import { users } from '../../db/schema';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';

/*
 * Issue #20 with two instances: sign-in throttling agrees between them (through the shared
 * database, or Redis when REDIS_URL is set), and a revoked session is refused by both at once.
 */

const LIMIT = 5;
const REDIS_URL = process.env.REDIS_URL;
process.env.THROTTLE_REDIS_PREFIX = `sd:test:${process.pid}:${randomBytes(4).toString('hex')}:throttle:`;
process.env.HUB_REDIS_PREFIX = `sd:test:${process.pid}:${randomBytes(4).toString('hex')}:hub:`;

const wrongPasswords = (apps: FastifyInstance[], email: string) =>
  Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      apps[i % apps.length]!.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: `Wrong${i}pass` }, remoteAddress: `10.5.0.${i + 1}` }),
    ),
  );

const expectAtMostLimitChecked = (answers: LightMyRequestResponse[]) => {
  const codes = answers.map((r) => r.statusCode);
  expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(LIMIT);
  expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(30 - LIMIT);
};

describe.skipIf(!REDIS_URL)('two instances (separate databases) sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      createTestApp('pglite', { loginRateLimit: LIMIT, redisUrl: REDIS_URL ?? null }),
      createTestApp('pglite', { loginRateLimit: LIMIT, redisUrl: REDIS_URL ?? null }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('30 concurrent wrong passwords for one account over both: at most LOGIN_RATE_LIMIT checked, the rest 429', async () => {
    expectAtMostLimitChecked(await wrongPasswords([a.app, b.app], 'director@servicedesk.az'));
  });

  it("a session revoked on one instance is dropped from the other's verified-token cache", async () => {
    const forgotten: string[] = [];
    const forget = vi.spyOn(b.app.deps.tokens, 'forget').mockImplementation((ids) => void forgotten.push(...ids));
    try {
      const token = await a.login('lawyer@servicedesk.az');
      const { sessionId } = await a.app.deps.tokens.verify(token);
      expect((await a.as(token, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
      await vi.waitFor(() => expect(forgotten).toContain(sessionId), { timeout: 1000 });
    } finally {
      forget.mockRestore();
    }
  });
});

describe.skipIf(!backends.includes('postgres'))('two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    a = await createTestApp('postgres', { loginRateLimit: LIMIT, redisUrl: REDIS_URL ?? null });
    b = await buildApp({ config: a.config, database: await prepareDatabase(a.config) });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const me = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/api/global/getCurrentUser', headers: { authorization: `Bearer ${token}` } });
  /** Waits for both instances to refuse `token` (the state, not a time); fails after a second. */
  async function refusedOnBoth(token: string): Promise<void> {
    const until = Date.now() + 1000;
    for (;;) {
      const codes = [(await me(a.app, token)).statusCode, (await me(b, token)).statusCode];
      if (codes.every((c) => c === 401)) return;
      if (Date.now() > until) throw new Error(`still accepted: ${codes.join(', ')}`);
    }
  }

  it('30 concurrent wrong passwords for one account over both: at most LOGIN_RATE_LIMIT checked, the rest 429', async () => {
    expectAtMostLimitChecked(await wrongPasswords([a.app, b], 'director@servicedesk.az'));
  });

  it('after logout, a password change, a reset or a deactivation the old token gets 401 on both', async () => {
    const signIn = async (email: string, password = 'Demo1234') =>
      (await b.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).json<{ token: string }>().token;
    const admin = await a.login('admin@servicedesk.az');

    const loggedOut = await signIn('warehouse@servicedesk.az');
    expect((await me(a.app, loggedOut)).statusCode).toBe(200);
    expect((await me(b, loggedOut)).statusCode).toBe(200);
    await a.as(loggedOut, { method: 'POST', url: '/api/auth/logout' });
    await refusedOnBoth(loggedOut);

    const [kept, other] = [await signIn('visapool@servicedesk.az'), await signIn('visapool@servicedesk.az')];
    expect((await me(a.app, other)).statusCode).toBe(200);
    await a.as(kept, { method: 'POST', url: '/api/auth/changePassword', payload: { oldpassword: 'Demo1234', newPassword: 'Changed123' } });
    await refusedOnBoth(other);

    const [visapool] = await a.app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, 'visapool@servicedesk.az'));
    await a.as(admin, { method: 'POST', url: `/api/admin/users/${visapool!.id}/resetPassword`, payload: { password: 'Reset12345' } });
    await refusedOnBoth(kept);

    const deactivated = await signIn('clerk@servicedesk.az');
    const [clerk] = await a.app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, 'clerk@servicedesk.az'));
    const res = await a.as(admin, { method: 'POST', url: '/api/global/deactivateElement', payload: { id: clerk!.id, type: 'user', desc: 'left the company' } });
    expect(res.statusCode).toBe(200);
    await refusedOnBoth(deactivated);
  });
});
