import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { ApiError } from '@servicedesk/contracts';
import { loginHistory, outbox, users } from '../../db/schema';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';
import { DEVICE_COOKIE_NAME } from './device-cookie';

/*
 * Issue #42, finding 5: one person guessing from the office's address locked everyone behind that
 * NAT out. Device cookies (OWASP "Blocking Brute Force Attacks"): a browser that signed in to an
 * account before is not held back by the address limit for that account; unknown devices are
 * slowed with scope `address`; a device cookie's own failures lock only that cookie. On every
 * throttle store: the database (PGlite, PostgreSQL) and Redis.
 */

const REDIS_URL = process.env.REDIS_URL;
process.env.THROTTLE_REDIS_PREFIX = `sd:test:${process.pid}:${randomBytes(4).toString('hex')}:throttle:`;

const stores: { name: string; backend: 'pglite' | 'postgres'; redis: boolean }[] = [
  ...backends.map((backend) => ({ name: backend, backend, redis: false })),
  ...(REDIS_URL ? [{ name: 'Redis', backend: 'pglite' as const, redis: true }] : []),
];

const ADDRESS_LIMIT = 20;
const DEVICE_LIMIT = 3;
const PASSWORD = 'Demo1234';

describe.each(stores)('sign-in device cookies on $name', ({ backend, redis }) => {
  let t: TestApp;
  /** The office's one public address (its NAT), different per test. */
  let office = 0;
  const nat = () => `10.42.${office}.1`;

  beforeAll(async () => {
    t = await createTestApp(backend, {
      loginRateLimit: 10,
      loginIpRateLimit: ADDRESS_LIMIT,
      loginDeviceRateLimit: DEVICE_LIMIT,
      // X-Forwarded-Proto decides the cookie's Secure flag below; no call sends X-Forwarded-For.
      trustProxy: true,
      ...(redis ? { redisUrl: REDIS_URL ?? null } : {}),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (email: string, password: string, ip: string, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
      headers: { ...headers, ...(cookie !== undefined ? { cookie: `${DEVICE_COOKIE_NAME}=${cookie}` } : {}) },
    });
  /** The device cookie a sign-in answer sets (its value). */
  const deviceCookieOf = (res: Awaited<ReturnType<typeof login>>): string => {
    const header = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${DEVICE_COOKIE_NAME}=`));
    if (!header) throw new Error(`no device cookie in ${res.statusCode} ${res.body}`);
    return header.slice(DEVICE_COOKIE_NAME.length + 1).split(';')[0]!;
  };
  /** A browser that signed in to `email` once (somewhere else), with its device cookie. */
  let elsewhere = 0;
  const knownBrowser = async (email: string, cookie?: string) => {
    elsewhere += 1;
    const res = await login(email, PASSWORD, `10.43.${office}.${elsewhere}`, cookie);
    expect(res.statusCode).toBe(200);
    return deviceCookieOf(res);
  };
  /** Someone at the office's address guesses `n` times over accounts that do not exist. */
  const guessFromOffice = async (n: number) => {
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => login(`guess${office}-${i}@servicedesk.az`, `Wrong${i}pass`, nat())));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(n).fill(401));
  };
  const lastReason = async (email: string) =>
    (await t.app.deps.db.select({ reason: loginHistory.reason, isSuccess: loginHistory.isSuccess }).from(loginHistory).where(eq(loginHistory.email, email)).orderBy(desc(loginHistory.id)).limit(1))[0];

  it('twenty failed sign-ins from an address do not stop a known device of another user there: the right password signs in', async () => {
    office = 1;
    const lawyer = await knownBrowser('lawyer@servicedesk.az');
    await guessFromOffice(ADDRESS_LIMIT);
    // The address is spent for unknown devices …
    const stranger = await login('guess1-x@servicedesk.az', 'Wrong9pass', nat());
    expect([stranger.statusCode, stranger.json<ApiError>().details]).toMatchObject([429, { scope: 'address' }]);
    // … but the lawyer's browser signs in, and gets its cookie renewed.
    const res = await login('lawyer@servicedesk.az', PASSWORD, nat(), lawyer);
    expect(res.statusCode).toBe(200);
    expect(deviceCookieOf(res)).not.toBe(lawyer);
    expect(await lastReason('lawyer@servicedesk.az')).toEqual({ reason: null, isSuccess: true });
    // A wrong password from that browser is an ordinary 401, not the address's 429.
    expect((await login('lawyer@servicedesk.az', 'Wrong1234', nat(), deviceCookieOf(res))).statusCode).toBe(401);
  });

  it('the device cookie is HttpOnly, SameSite=Lax, for the sign-in calls only, long-lived, and Secure over https', async () => {
    office = 2;
    const plain = await login('warehouse@servicedesk.az', PASSWORD, nat());
    const cookie = [plain.headers['set-cookie']].flat()[0]!;
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
    expect(cookie).toMatch(/; Path=\/api\/auth(;|$)/);
    expect(Number(/Max-Age=(\d+)/.exec(cookie)?.[1])).toBeGreaterThanOrEqual(180 * 86_400);
    expect(cookie).not.toMatch(/Secure/);
    const https = await login('warehouse@servicedesk.az', PASSWORD, nat(), undefined, { 'x-forwarded-proto': 'https' });
    expect([https.headers['set-cookie']].flat()[0]).toMatch(/; Secure(;|$)/);
    // A refusal sets none.
    expect((await login('warehouse@servicedesk.az', 'Wrong1234', nat())).headers['set-cookie']).toBeUndefined();
  });

  it('an unknown device at that address is slowed with scope address (right password or not), logged as addressLimited', async () => {
    office = 3;
    await guessFromOffice(ADDRESS_LIMIT);
    const res = await login('clerk@servicedesk.az', PASSWORD, nat());
    expect(res.statusCode).toBe(429);
    const details = res.json<ApiError>().details as { scope: string; retryAfterSeconds: number };
    expect(details.scope).toBe('address');
    // The first window of the address is LOGIN_DELAY_SECONDS (60 s), not a quarter of an hour.
    expect(details.retryAfterSeconds).toBeGreaterThan(0);
    expect(details.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(await lastReason('clerk@servicedesk.az')).toEqual({ reason: 'addressLimited', isSuccess: false });
    // Another address is not affected.
    expect((await login('clerk@servicedesk.az', PASSWORD, '10.42.3.2')).statusCode).toBe(200);
  });

  it("a forged device cookie, another account's, or a session token gives no exemption", async () => {
    office = 4;
    const director = await knownBrowser('director@servicedesk.az');
    const [visapool] = await t.app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, 'visapool@servicedesk.az'));
    const [header, , signature] = director.split('.');
    const payload = JSON.parse(Buffer.from(director.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const forged = [header, Buffer.from(JSON.stringify({ ...payload, sub: String(visapool!.id) })).toString('base64url'), signature].join('.');
    const bearer = (await login('visapool@servicedesk.az', PASSWORD, '10.42.4.2')).json<{ token: string }>().token;
    await guessFromOffice(ADDRESS_LIMIT);
    for (const cookie of [director, forged, bearer, 'not-a-token', `${forged}~${director}`]) {
      const res = await login('visapool@servicedesk.az', PASSWORD, nat(), cookie);
      expect([res.statusCode, res.json<ApiError>().details]).toMatchObject([429, { scope: 'address' }]);
    }
    // The director's own cookie still works for the director.
    expect((await login('director@servicedesk.az', PASSWORD, nat(), director)).statusCode).toBe(200);
  });

  it("a device cookie's own failures lock only that cookie for the account (429 device, deviceLocked); the account's other browsers still sign in", async () => {
    office = 5;
    const [first, second] = [await knownBrowser('accountant@servicedesk.az'), await knownBrowser('accountant@servicedesk.az')];
    await guessFromOffice(ADDRESS_LIMIT);
    // Of concurrent wrong guesses with one cookie at most LOGIN_DEVICE_RATE_LIMIT are checked.
    const guesses = await Promise.all(Array.from({ length: 8 }, (_, i) => login('accountant@servicedesk.az', `Wrong${i}pass`, nat(), first)));
    const codes = guesses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(DEVICE_LIMIT);
    expect(codes.filter((c) => c === 429)).toHaveLength(8 - DEVICE_LIMIT);
    expect(guesses.find((r) => r.statusCode === 429)?.json<ApiError>().details).toMatchObject({ scope: 'device' });
    // That cookie is locked, the right password included …
    const locked = await login('accountant@servicedesk.az', PASSWORD, nat(), first);
    expect([locked.statusCode, locked.json<ApiError>().details]).toMatchObject([429, { scope: 'device' }]);
    expect(await lastReason('accountant@servicedesk.az')).toEqual({ reason: 'deviceLocked', isSuccess: false });
    // … the other browser of the accountant is not, behind the same spent address.
    expect((await login('accountant@servicedesk.az', PASSWORD, nat(), second)).statusCode).toBe(200);
    const history = await t.app.deps.db
      .select({ reason: loginHistory.reason })
      .from(loginHistory)
      .where(and(eq(loginHistory.email, 'accountant@servicedesk.az'), eq(loginHistory.reason, 'deviceLocked')));
    expect(history).toHaveLength(8 - DEVICE_LIMIT + 1);
  });

  it('a password change, an admin’s reset and a reset link each end the device cookies issued under the old password', async () => {
    office = 7;
    const email = 'employee@servicedesk.az';
    const signIn = async (password: string, ip: string, cookie?: string) => {
      const res = await login(email, password, ip, cookie);
      expect(res.statusCode, res.body).toBe(200);
      return { token: res.json<{ token: string }>().token, cookie: deviceCookieOf(res) };
    };
    const refusedAtOffice = async (password: string, cookie: string) => {
      const res = await login(email, password, nat(), cookie);
      expect([res.statusCode, res.json<ApiError>().details]).toMatchObject([429, { scope: 'address' }]);
    };
    const before = await signIn(PASSWORD, '10.43.7.1');
    await guessFromOffice(ADDRESS_LIMIT);
    // Known device while the password is the one it was issued under …
    expect((await login(email, PASSWORD, nat(), before.cookie)).statusCode).toBe(200);
    // … the employee changes it: the old cookie (say, a stolen copy) is an unknown device now.
    const changed = await t.as(before.token, { method: 'POST', url: '/api/auth/changePassword', payload: { oldpassword: PASSWORD, newPassword: 'Changed123' } });
    expect(changed.statusCode, changed.body).toBe(200);
    await refusedAtOffice('Changed123', before.cookie);
    // A sign-in with the new password issues a cookie that is known again.
    const afterChange = await signIn('Changed123', '10.43.7.2');
    expect((await login(email, 'Changed123', nat(), afterChange.cookie)).statusCode).toBe(200);
    // An admin sets a new password: that cookie ends too.
    const [{ id } = { id: 0 }] = await t.app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const admin = (await login('admin@servicedesk.az', PASSWORD, '10.43.7.3')).json<{ token: string }>().token;
    const reset = await t.as(admin, { method: 'POST', url: `/api/admin/users/${id}/resetPassword`, payload: { password: 'Reset12345' } });
    expect(reset.statusCode, reset.body).toBe(200);
    await refusedAtOffice('Reset12345', afterChange.cookie);
    // The employee resets it by the mailed link: the cookie of the admin's password ends as well.
    const afterReset = await signIn('Reset12345', '10.43.7.4');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/forgotPassword', payload: { email }, remoteAddress: '10.43.7.5' })).statusCode).toBe(200);
    const [mail] = await t.app.deps.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)).limit(1);
    const link = new URL((mail?.payload as { link: string } | undefined)?.link ?? '', 'http://x').searchParams.get('token') ?? '';
    const byLink = await t.app.inject({ method: 'POST', url: '/api/auth/resetPassword', payload: { token: link, password: 'Linked1234' }, remoteAddress: '10.43.7.5' });
    expect(byLink.statusCode, byLink.body).toBe(200);
    await refusedAtOffice('Linked1234', afterReset.cookie);
  });

  it('one browser remembers each account signed in on it (a shared desk): both are known devices', async () => {
    office = 6;
    const afterLead = await knownBrowser('lead@servicedesk.az');
    const both = await knownBrowser('executor@servicedesk.az', afterLead);
    expect(both.split('~')).toHaveLength(2);
    await guessFromOffice(ADDRESS_LIMIT);
    expect((await login('lead@servicedesk.az', PASSWORD, nat(), both)).statusCode).toBe(200);
    expect((await login('executor@servicedesk.az', PASSWORD, nat(), both)).statusCode).toBe(200);
  });
});
