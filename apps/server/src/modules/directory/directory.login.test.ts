import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { ApiError, LoginResponse } from '@servicedesk/contracts';
import { loginHistory, users, userTypes } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { startSlapdOrSkip, testDirectory } from '../../../test/ldap/slapd';
import { testLdapConfig } from '../../../test/ldap/ldap-config';

const slapd = await startSlapdOrSkip();
afterAll(async () => {
  if (typeof slapd !== 'string') await slapd.stop();
});

describe.skipIf(typeof slapd === 'string')('sign-in with the company directory (real slapd)', () => {
  let t: TestApp;
  beforeAll(async () => {
    if (typeof slapd === 'string') return;
    t = await createTestApp('pglite', { ldapUrl: slapd.url, ldap: testLdapConfig(slapd.url), loginIpRateLimit: 1000 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (email: string, password: string, lang = 'en') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { 'accept-language': lang } });
  const lastReason = async () => (await t.app.deps.db.select().from(loginHistory).orderBy(desc(loginHistory.id)).limit(1))[0]?.reason;

  it('says a company directory is configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/systemHasLdap' })).json()).toEqual({ systemHasLdap: true });
  });

  it('signs a directory user in by uid, creating the local user from the entry with the user type its nested group maps to', async () => {
    const res = await login('alice', testDirectory.password);
    expect(res.statusCode).toBe(200);
    const body = res.json() as LoginResponse;
    expect(body.user).toMatchObject({ email: 'alice@example.org', firstName: 'Alice', lastName: 'Aliyeva' });
    const [row] = await t.app.deps.db.select({ user: users, typeKey: userTypes.key }).from(users).innerJoin(userTypes, eq(userTypes.id, users.userTypeId)).where(eq(users.email, 'alice@example.org'));
    // alice ∈ support ⊂ it-staff → itExecutor; phone "+994 50 123 45 67" → 994501234567.
    expect(row).toMatchObject({ typeKey: 'itExecutor', user: { directoryDn: testDirectory.dn('alice'), phone: '994501234567', isActive: true } });
    expect(await lastReason()).toBeNull();
  });

  it('signs the same user in by mail', async () => {
    const res = await login('Alice@Example.org', testDirectory.password);
    expect(res.statusCode).toBe(200);
    expect((res.json() as LoginResponse).user.email).toBe('alice@example.org');
  });

  it('refuses a wrong password and an unknown name alike, writing each reason to login history', async () => {
    const wrong = await login('bob', 'not-his-password');
    expect(wrong.statusCode).toBe(401);
    expect((wrong.json() as ApiError).code).toBe('invalidCredentials');
    expect(await lastReason()).toBe('wrongPassword');
    const unknown = await login('nobody', testDirectory.password);
    expect(unknown.statusCode).toBe(401);
    expect((unknown.json() as ApiError).code).toBe('invalidCredentials');
    expect(await lastReason()).toBe('unknownEmail');
  });

  it('refuses the disabled user with the right password, saying so in the caller language', async () => {
    const res = await login('dave', testDirectory.password, 'az');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'directoryAccountDisabled', message: 'Bu hesab təşkilatın kataloqunda söndürülüb.' });
    expect(await lastReason()).toBe('directoryDisabled');
  });

  it('refuses the user whose password expired (ppolicy pwdMaxAge)', async () => {
    const res = await login('erin', testDirectory.password);
    expect(res.statusCode).toBe(401);
    expect((res.json() as ApiError).code).toBe('directoryPasswordExpired');
    expect(await lastReason()).toBe('passwordExpired');
  });

  it('escapes the typed name: an LDAP filter injection signs no one in', async () => {
    for (const attempt of ['*)(uid=*', '*', 'alice)(|(uid=*', '*)(|(objectClass=*']) {
      const res = await login(attempt, testDirectory.password);
      expect(res.statusCode, attempt).toBe(401);
      expect((res.json() as ApiError).code).toBe('invalidCredentials');
      expect(await lastReason()).toBe('unknownEmail');
    }
  });

  it('never sends an empty password (an unauthenticated bind would succeed)', async () => {
    const res = await login('alice', ' ');
    expect(res.statusCode).toBe(401);
  });

  it('tells a directory user to change or reset the password in the directory', async () => {
    const token = (await login('alice', testDirectory.password).then((r) => r.json())) as LoginResponse;
    const change = await t.as(token.token, { method: 'POST', url: '/api/auth/changePassword', payload: { oldpassword: testDirectory.password, newPassword: 'Another#2027x' }, headers: { 'accept-language': 'ru' } });
    expect(change.statusCode).toBe(422);
    expect(change.json()).toMatchObject({ code: 'directoryPassword', message: 'Пароль этой учётной записи хранится в каталоге организации: смените его там.' });
  });
});

describe.skipIf(typeof slapd === 'string')('the directory is down (break-glass)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port in our range nobody listens on: the directory cannot be reached.
    const url = 'ldap://127.0.0.1:18299';
    t = await createTestApp('pglite', { ldapUrl: url, ldap: testLdapConfig(url, { LDAP_TIMEOUT_MS: '2000' }), loginIpRateLimit: 1000 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('still signs the local admin in, and says the directory cannot be reached to a directory name', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@servicedesk.az', password: 'Demo1234' } })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'alice', password: testDirectory.password }, headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'directoryUnavailable', message: "The organisation's directory cannot be reached. Try again a little later." });
  });
});
