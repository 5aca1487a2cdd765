import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { loginResponse, type ApiError, type LoginHistoryItem } from '@servicedesk/contracts';
import { loginHistory, outbox, passwordResetTokens, users } from '../../db/schema';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';

const loginAs = (t: TestApp, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers });

async function lastAttempt(t: TestApp) {
  const [row] = await t.app.deps.db.select().from(loginHistory).orderBy(desc(loginHistory.id)).limit(1);
  return row;
}

async function resetTokenFromOutbox(t: TestApp, email: string): Promise<string> {
  const [mail] = await t.app.deps.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)).limit(1);
  const link = (mail?.payload as { link: string } | undefined)?.link ?? '';
  return new URL(link, 'http://x').searchParams.get('token') ?? '';
}

describe.each(backends)('auth on %s', (backend) => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(backend, { loginRateLimit: 3, loginIpRateLimit: 1000 }, logLines);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says no company directory is configured when LDAP_URL is unset', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/systemHasLdap' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ systemHasLdap: false });
  });

  describe('login', () => {
    it('signs in with the email padded and in capitals, answering a token that expires after the TTL', async () => {
      const before = Date.now();
      const res = await loginAs(
        t,
        { email: '  Employee@ServiceDesk.AZ ', password: 'Demo1234', latitude: 40.4093, longitude: 49.8671 },
        { 'user-agent': 'vitest-browser', 'x-test': '1' },
      );
      expect(res.statusCode).toBe(200);
      const body = loginResponse.parse(res.json());
      expect(body.user).toMatchObject({ email: 'employee@servicedesk.az', firstName: 'Rəşad', language: 'az', theme: 'light' });
      const expiresIn = Date.parse(body.expiresAt) - before;
      expect(expiresIn).toBeGreaterThan(479 * 60_000);
      expect(expiresIn).toBeLessThanOrEqual(480 * 60_000 + 1000);
      const row = await lastAttempt(t);
      expect(row).toMatchObject({
        email: 'employee@servicedesk.az',
        userId: body.user.id,
        isSuccess: true,
        reason: null,
        userAgent: 'vitest-browser',
        latitude: 40.4093,
        longitude: 49.8671,
      });
      expect(row?.ip).toBeTruthy();
      const me = await t.as(body.token, { method: 'GET', url: '/api/global/getCurrentUser' });
      expect(me.json()).toMatchObject({ email: 'employee@servicedesk.az' });
    });

    it('answers a wrong password and an unknown email with the same 401, each logged with its reason', async () => {
      const wrong = await loginAs(t, { email: 'lead@servicedesk.az', password: 'Wrong1234' });
      expect(wrong.statusCode).toBe(401);
      expect((await lastAttempt(t))).toMatchObject({ email: 'lead@servicedesk.az', isSuccess: false, reason: 'wrongPassword' });
      expect((await lastAttempt(t))?.userId).not.toBeNull();

      const unknown = await loginAs(t, { email: 'nobody@servicedesk.az', password: 'Wrong1234' });
      expect(unknown.statusCode).toBe(401);
      expect((await lastAttempt(t))).toMatchObject({ email: 'nobody@servicedesk.az', userId: null, isSuccess: false, reason: 'unknownEmail' });

      expect(unknown.json()).toEqual(wrong.json());
      expect(wrong.json<ApiError>().code).toBe('invalidCredentials');
    });

    it('refuses a deactivated user like a wrong password and logs inactiveUser', async () => {
      await t.app.deps.db.update(users).set({ isActive: false }).where(eq(users.email, 'clerk@servicedesk.az'));
      const res = await loginAs(t, { email: 'clerk@servicedesk.az', password: 'Demo1234' });
      expect(res.statusCode).toBe(401);
      expect(res.json<ApiError>().code).toBe('invalidCredentials');
      expect(await lastAttempt(t)).toMatchObject({ reason: 'inactiveUser', isSuccess: false });
      await t.app.deps.db.update(users).set({ isActive: true }).where(eq(users.email, 'clerk@servicedesk.az'));
    });

    it('rejects a payload without a password with 400 and field details', async () => {
      const res = await loginAs(t, { email: 'employee@servicedesk.az' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validationError', details: { issues: [{ path: 'password' }] } });
    });

    it('slows an account after LOGIN_RATE_LIMIT attempts with 429 from any address, logged accountLocked; other accounts go on', async () => {
      const email = 'director@servicedesk.az';
      for (let i = 0; i < 3; i += 1) {
        expect((await loginAs(t, { email, password: 'Nope12345' })).statusCode).toBe(401);
      }
      const limited = await loginAs(t, { email, password: 'Demo1234' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json<ApiError>()).toMatchObject({ code: 'rateLimited', details: { scope: 'account', retryAfterSeconds: expect.any(Number) } });
      expect(await lastAttempt(t)).toMatchObject({ email, isSuccess: false, reason: 'accountLocked' });
      // The same account from another address waits too (issue #20: per account, not per IP + email).
      const other = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Demo1234' }, remoteAddress: '10.9.8.7' });
      expect(other.statusCode).toBe(429);
      // Another account from the same address is not affected.
      expect((await loginAs(t, { email: 'lawyer@servicedesk.az', password: 'Demo1234' })).statusCode).toBe(200);
    });
  });

  describe('bearer token guard', () => {
    it('answers 401 missingToken without a token', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/global/Layout/GetMenus' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'missingToken', message: expect.any(String) });
    });

    it('answers 401 tokenExpired for an expired token', async () => {
      const [user] = await t.app.deps.db.select().from(users).where(eq(users.email, 'employee@servicedesk.az'));
      const { token } = await t.app.deps.tokens.issueUntil(user!.id, 'expired-session', new Date(Date.now() - 60_000), new Date(Date.now() - 3_600_000));
      const res = await t.as(token, { method: 'GET', url: '/api/global/Layout/GetMenus' });
      expect(res.statusCode).toBe(401);
      expect(res.json<ApiError>().code).toBe('tokenExpired');
    });

    it('answers 401 invalidToken for a token whose payload was changed', async () => {
      const token = await t.login('employee@servicedesk.az');
      const [header, payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
      const res = await t.as(`${header}.${forged}.${signature}`, { method: 'GET', url: '/api/global/getCurrentUser' });
      expect(res.statusCode).toBe(401);
      expect(res.json<ApiError>().code).toBe('invalidToken');
      const garbage = await t.as('not.a.jwt', { method: 'GET', url: '/api/global/getCurrentUser' });
      expect(garbage.json<ApiError>().code).toBe('invalidToken');
    });

    it('refuses the token of a user deactivated after signing in', async () => {
      const token = await t.login('visapool@servicedesk.az');
      await t.app.deps.db.update(users).set({ isActive: false }).where(eq(users.email, 'visapool@servicedesk.az'));
      const res = await t.as(token, { method: 'GET', url: '/api/global/getCurrentUser' });
      expect(res.statusCode).toBe(401);
      expect(res.json<ApiError>().code).toBe('inactiveUser');
      await t.app.deps.db.update(users).set({ isActive: true }).where(eq(users.email, 'visapool@servicedesk.az'));
    });
  });

  // Several instances on one PostgreSQL without JWT_SECRET share the secret through the settings table.
  it.runIf(backend === 'postgres')('accepts a token signed by another instance on the same database', async () => {
    const other = await buildApp({ config: t.config, database: await openDatabase(t.config.database) });
    try {
      const res = await other.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'employee@servicedesk.az', password: 'Demo1234' } });
      const { token } = res.json<{ token: string }>();
      expect((await t.as(token, { method: 'GET', url: '/api/global/getCurrentUser' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  describe('forgot and reset password', () => {
    it('answers the same for a known and an unknown email, queueing a mail only for the known one', async () => {
      const before = await t.app.deps.db.select().from(outbox);
      const known = await t.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { email: ' Accountant@servicedesk.az' } });
      const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { email: 'ghost@servicedesk.az' } });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      const after = await t.app.deps.db.select().from(outbox);
      expect(after.length - before.length).toBe(1);
      const mail = after.at(-1);
      expect(mail).toMatchObject({ channel: 'mail', recipient: 'accountant@servicedesk.az', sentAt: null });
      expect(mail?.body).toContain('/auth/reset-password?token=');
      const token = await resetTokenFromOutbox(t, 'accountant@servicedesk.az');
      const stored = await t.app.deps.db.select().from(passwordResetTokens);
      expect(stored.some((r) => r.tokenHash === token)).toBe(false);
      // No mail transport yet: the link is in the log for whoever runs the server.
      expect(logLines.some((l) => l.includes(`/auth/reset-password?token=${token}`))).toBe(true);
    });

    it('accepts a reset token once: valid, used, then refused with 422 and reported invalid', async () => {
      await t.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { email: 'warehouse@servicedesk.az' } });
      const token = await resetTokenFromOutbox(t, 'warehouse@servicedesk.az');
      const check = await t.app.inject({ method: 'GET', url: `/api/auth/checkResetToken/${token}` });
      expect(check.json()).toEqual({ isValid: true });

      const weak = await t.app.inject({ method: 'POST', url: '/api/auth/resetPassword', payload: { token, password: 'short' } });
      expect(weak.statusCode).toBe(400);

      const first = await t.app.inject({ method: 'POST', url: '/api/auth/resetPassword', payload: { token, password: 'NewPass123' } });
      expect(first.statusCode).toBe(200);
      expect(await t.login('warehouse@servicedesk.az', 'NewPass123')).toBeTruthy();

      const second = await t.app.inject({ method: 'POST', url: '/api/auth/resetPassword', payload: { token, password: 'Other1234' } });
      expect(second.statusCode).toBe(422);
      expect(second.json<ApiError>().code).toBe('invalidResetToken');
      expect((await t.app.inject({ method: 'GET', url: `/api/auth/checkResetToken/${token}` })).json()).toEqual({ isValid: false });
    });

    it('refuses an expired reset token', async () => {
      await t.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { email: 'executor@servicedesk.az' } });
      const token = await resetTokenFromOutbox(t, 'executor@servicedesk.az');
      await t.app.deps.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
      expect((await t.app.inject({ method: 'GET', url: `/api/auth/checkResetToken/${token}` })).json()).toEqual({ isValid: false });
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/resetPassword', payload: { token, password: 'NewPass123' } });
      expect(res.statusCode).toBe(422);
      expect((await loginAs(t, { email: 'executor@servicedesk.az', password: 'Demo1234' })).statusCode).toBe(200);
    });

    it('sends at most 5 reset mails per user and hour, answering the same', async () => {
      const mails = async () => (await t.app.deps.db.select().from(outbox).where(eq(outbox.recipient, 'director@servicedesk.az'))).length;
      for (let i = 0; i < 7; i += 1) {
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { email: 'director@servicedesk.az' } });
        expect(res.json()).toEqual({ ok: true });
      }
      expect(await mails()).toBe(5);
    });

    it('reports an unknown reset token as invalid', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/checkResetToken/made-up-token' });
      expect(res.json()).toEqual({ isValid: false });
    });
  });

  describe('current and changed password', () => {
    it('checks the current password of the caller only with a token', async () => {
      const open = await t.app.inject({ method: 'POST', url: '/api/auth/checkCurrectPassword', payload: { password: 'Demo1234' } });
      expect(open.statusCode).toBe(401);
      const token = await t.login('admin@servicedesk.az');
      const right = await t.as(token, { method: 'POST', url: '/api/auth/checkCurrectPassword', payload: { password: 'Demo1234' } });
      const wrong = await t.as(token, { method: 'POST', url: '/api/auth/checkCurrectPassword', payload: { password: 'demo1234' } });
      expect(right.json()).toEqual({ isCorrect: true });
      expect(wrong.json()).toEqual({ isCorrect: false });
    });

    it('refuses a weak new password with 400 and the SPEC §5 flags', async () => {
      const token = await t.login('admin@servicedesk.az');
      const res = await t.as(token, { method: 'POST', url: '/api/auth/changePassword', payload: { oldpassword: 'Demo1234', newPassword: 'alllowercase' } });
      expect(res.statusCode).toBe(400);
      const messages = (res.json<ApiError>().details as { issues: { path: string; message: string }[] }).issues
        .filter((i) => i.path === 'newPassword')
        .map((i) => i.message);
      expect(messages).toEqual(['uppercase', 'digit']);
    });

    it('refuses a wrong old password with 422 wrongPassword', async () => {
      const token = await t.login('admin@servicedesk.az');
      const res = await t.as(token, { method: 'POST', url: '/api/auth/changePassword', payload: { oldpassword: 'Wrong1234', newPassword: 'Better1234' } });
      expect(res.statusCode).toBe(422);
      expect(res.json<ApiError>().code).toBe('wrongPassword');
    });

    it('changes the password so only the new one signs in', async () => {
      const token = await t.login('lawyer@servicedesk.az');
      const res = await t.as(token, { method: 'POST', url: '/api/auth/changePassword', payload: { oldpassword: 'Demo1234', newPassword: 'Changed1234' } });
      expect(res.statusCode).toBe(200);
      expect((await loginAs(t, { email: 'lawyer@servicedesk.az', password: 'Demo1234' })).statusCode).toBe(401);
      expect((await loginAs(t, { email: 'lawyer@servicedesk.az', password: 'Changed1234' })).statusCode).toBe(200);
    });
  });

  it('lists the caller’s own attempts, newest first, filtered by success', async () => {
    const token = await t.login('lead@servicedesk.az');
    const all = await t.as(token, { method: 'POST', url: '/api/global/getLoginHistoryList', payload: { isSuccess: null } });
    const items = all.json<LoginHistoryItem[]>();
    expect(items.every((i) => i.email === 'lead@servicedesk.az')).toBe(true);
    expect(items[0]).toMatchObject({ isSuccess: true });
    expect(items.some((i) => i.reason === 'wrongPassword')).toBe(true);
    const times = items.map((i) => Date.parse(i.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const failed = await t.as(token, { method: 'POST', url: '/api/global/getLoginHistoryList', payload: { isSuccess: false } });
    expect(failed.json<LoginHistoryItem[]>().every((i) => !i.isSuccess)).toBe(true);
    expect(failed.json<LoginHistoryItem[]>().length).toBeGreaterThan(0);
  });

  it('lists every user’s attempts for a type holding loginHistory.all (the admin)', async () => {
    const token = await t.login('admin@servicedesk.az');
    const res = await t.as(token, { method: 'POST', url: '/api/global/getLoginHistoryList', payload: {} });
    const emails = new Set(res.json<LoginHistoryItem[]>().map((i) => i.email));
    expect(emails).toContain('nobody@servicedesk.az');
    expect(emails).toContain('lead@servicedesk.az');
  });
});
