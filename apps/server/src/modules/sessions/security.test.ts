import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ApiError, SignInLockResponse, UserSession } from '@servicedesk/contracts';
import { loginHistory, sessions, users } from '../../db/schema';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';

/*
 * Issue #20, findings 1–4 and 6: sign-in throttling that holds under concurrency and against
 * spraying, throttled password and reset-link checks, and server-side sessions that end when
 * they should. Each of these failed on main before the issue.
 */

const LIMIT = 5;

describe.each(backends)('sign-in throttling and sessions on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const userId = async (email: string) => (await t.app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const login = (email: string, password: string, remoteAddress = '127.0.0.1', userAgent = 'vitest') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress, headers: { 'user-agent': userAgent } });
  const reasons = async (email: string) =>
    (await t.app.deps.db.select({ reason: loginHistory.reason }).from(loginHistory).where(eq(loginHistory.email, email))).map((r) => r.reason);

  beforeAll(async () => {
    t = await createTestApp(backend, { loginRateLimit: LIMIT, loginIpRateLimit: 20 });
    admin = await t.login('admin@servicedesk.az');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finding 1: of 30 concurrent wrong passwords for one account at most LOGIN_RATE_LIMIT are checked, the rest get 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login('director@servicedesk.az', `Wrong${i}pass`, `10.1.0.${i + 1}`)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(LIMIT);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(30 - LIMIT);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
    // Every refusal is in the login history with its reason.
    const logged = await reasons('director@servicedesk.az');
    expect(logged.filter((r) => r === 'accountLocked').length).toBe(codes.filter((c) => c === 429).length);
  });

  it('lets an admin see the lock and lift it, after which the owner signs in', async () => {
    const id = await userId('director@servicedesk.az');
    const seen = await t.as(admin, { method: 'GET', url: `/api/admin/users/${id}/signInLock` });
    expect(seen.json<SignInLockResponse>()).toMatchObject({ locked: true, limit: LIMIT });
    expect((await login('director@servicedesk.az', 'Demo1234')).statusCode).toBe(429);
    const employee = await t.login('employee@servicedesk.az');
    expect((await t.as(employee, { method: 'DELETE', url: `/api/admin/users/${id}/signInLock` })).statusCode).toBe(403);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/admin/users/${id}/signInLock` })).statusCode).toBe(200);
    expect((await t.as(admin, { method: 'GET', url: `/api/admin/users/${id}/signInLock` })).json<SignInLockResponse>().locked).toBe(false);
    expect((await login('director@servicedesk.az', 'Demo1234')).statusCode).toBe(200);
  });

  it('finding 2: one password sprayed over 28 accounts from one address is slowed (429 addressLimited)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 28 }, (_, i) => login(`nobody${i}@servicedesk.az`, 'Summer2026', '10.2.0.1')),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBe(20);
    expect(codes.filter((c) => c === 429).length).toBe(8);
    expect(answers.find((r) => r.statusCode === 429)?.json<ApiError>().details).toMatchObject({ scope: 'address' });
    const limited = await t.app.deps.db.select().from(loginHistory).where(and(eq(loginHistory.ip, '10.2.0.1'), eq(loginHistory.reason, 'addressLimited')));
    expect(limited).toHaveLength(8);
    // Another address is not affected.
    expect((await login('lawyer@servicedesk.az', 'Demo1234', '10.2.0.2')).statusCode).toBe(200);
  });

  it('finding 4: checkCurrectPassword answers 429 after LOGIN_RATE_LIMIT wrong guesses with one token', async () => {
    const token = await t.login('clerk@servicedesk.az');
    const codes: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      codes.push((await t.as(token, { method: 'POST', url: '/api/auth/checkCurrectPassword', payload: { password: `Guess${i}xx` } })).statusCode);
    }
    expect(codes.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
    expect(codes.slice(LIMIT)).toEqual(Array(15 - LIMIT).fill(429));
    expect(await reasons('clerk@servicedesk.az')).toContain('passwordCheckLocked');
  });

  it('throttles reset-token guesses and forgotPassword per address', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 25 }, (_, i) => t.app.inject({ method: 'GET', url: `/api/auth/checkResetToken/guess${i}`, remoteAddress: '10.3.0.1' })),
    );
    expect(guesses.filter((r) => r.statusCode === 429)).toHaveLength(5);
    const asks = await Promise.all(
      Array.from({ length: 25 }, () => t.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { email: 'x@y.az' }, remoteAddress: '10.3.0.2' })),
    );
    expect(asks.filter((r) => r.statusCode === 429)).toHaveLength(5);
  });

  describe('sessions (finding 3)', () => {
    const me = (token: string) => t.as(token, { method: 'GET', url: '/api/global/getCurrentUser' });

    it('lists my open sessions with their device, and ends one or every other', async () => {
      const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
      const first = (await login('accountant@servicedesk.az', 'Demo1234', '10.4.0.1', chrome)).json<{ token: string }>().token;
      const second = (await login('accountant@servicedesk.az', 'Demo1234', '10.4.0.2')).json<{ token: string }>().token;
      const third = (await login('accountant@servicedesk.az', 'Demo1234', '10.4.0.3')).json<{ token: string }>().token;
      const list = (await t.as(first, { method: 'GET', url: '/api/auth/sessions' })).json<UserSession[]>();
      expect(list).toHaveLength(3);
      expect(list.find((s) => s.isCurrent)).toMatchObject({ device: 'Chrome on Windows', ip: '10.4.0.1' });
      const secondId = list.find((s) => s.ip === '10.4.0.2')!.id;
      expect((await t.as(admin, { method: 'POST', url: `/api/auth/sessions/${secondId}/revoke` })).statusCode).toBe(404);
      expect((await t.as(first, { method: 'POST', url: `/api/auth/sessions/${secondId}/revoke` })).statusCode).toBe(200);
      expect((await me(second)).json<ApiError>().code).toBe('sessionRevoked');
      expect((await me(third)).statusCode).toBe(200);
      expect((await t.as(first, { method: 'POST', url: '/api/auth/sessions/revokeOthers' })).json()).toEqual({ revoked: 1 });
      expect((await me(third)).statusCode).toBe(401);
      expect((await me(first)).statusCode).toBe(200);
    });

    it('logout ends the token on the server', async () => {
      const token = await t.login('warehouse@servicedesk.az');
      expect((await t.as(token, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
      const after = await me(token);
      expect(after.statusCode).toBe(401);
      expect(after.json<ApiError>().code).toBe('sessionRevoked');
    });

    it('a password change ends every other session (this one stays); an admin reset ends them all', async () => {
      const email = 'visapool@servicedesk.az';
      const [here, elsewhere] = await Promise.all([t.login(email), t.login(email)]);
      const changed = await t.as(here, { method: 'POST', url: '/api/auth/changePassword', payload: { oldpassword: 'Demo1234', newPassword: 'Changed123' } });
      expect(changed.statusCode).toBe(200);
      expect((await me(elsewhere)).statusCode).toBe(401);
      expect((await me(here)).statusCode).toBe(200);
      const id = await userId(email);
      const reset = await t.as(admin, { method: 'POST', url: `/api/admin/users/${id}/resetPassword`, payload: { password: 'Reset12345' } });
      expect(reset.statusCode).toBe(200);
      expect((await me(here)).statusCode).toBe(401);
    });

    it("an admin's sign out everywhere ends every session of the user", async () => {
      const token = await t.login('lead@servicedesk.az');
      const id = await userId('lead@servicedesk.az');
      expect((await t.as(admin, { method: 'POST', url: `/api/admin/users/${id}/signOutEverywhere` })).json()).toEqual({ revoked: 1 });
      expect((await me(token)).statusCode).toBe(401);
      const rows = await t.app.deps.db.select().from(sessions).where(eq(sessions.userId, id));
      expect(rows.every((r) => r.revokedReason === 'admin')).toBe(true);
    });

    it('writes last seen at most once a minute', async () => {
      const token = await t.login('executor@servicedesk.az');
      const id = await userId('executor@servicedesk.az');
      const [row] = await t.app.deps.db.select().from(sessions).where(and(eq(sessions.userId, id)));
      const old = new Date(Date.now() - 5 * 60_000);
      await t.app.deps.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.id, row!.id));
      await me(token);
      let seen = old;
      for (let i = 0; i < 50 && seen.getTime() === old.getTime(); i += 1) {
        seen = (await t.app.deps.db.select().from(sessions).where(eq(sessions.id, row!.id)))[0]!.lastSeenAt;
      }
      expect(seen.getTime()).toBeGreaterThan(old.getTime());
      await me(token);
      const again = (await t.app.deps.db.select().from(sessions).where(eq(sessions.id, row!.id)))[0]!.lastSeenAt;
      expect(again.getTime()).toBe(seen.getTime());
    });
  });
});
