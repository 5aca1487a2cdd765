import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLocale } from '@servicedesk/i18n/resources';
import type { ApiError } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../test/helpers';

/** The shipped text of errors.api.<code> in `lang`. */
const shipped = (lang: 'az' | 'en' | 'ru' | 'tr', code: string) =>
  ((buildLocale(lang).errors as Record<string, Record<string, string>>).api as Record<string, string>)[code];

describe.each(backends)('error messages in the caller language on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let employee: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    [admin, employee] = await Promise.all([t.login('admin@servicedesk.az'), t.login('employee@servicedesk.az')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const wrongLogin = (language?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: language ? { 'accept-language': language } : {},
      payload: { email: 'employee@servicedesk.az', password: 'Wrong1234', latitude: null, longitude: null },
    });

  it('answers a refusal in the Accept-Language language, and the English developer text without one', async () => {
    const az = (await wrongLogin('az')).json<ApiError>();
    expect(az.code).toBe('invalidCredentials');
    expect(az.message).toBe(shipped('az', 'invalidCredentials'));
    expect((await wrongLogin('ru-RU,ru;q=0.9')).json<ApiError>().message).toBe(shipped('ru', 'invalidCredentials'));
    const plain = (await wrongLogin()).json<ApiError>();
    expect(plain.code).toBe('invalidCredentials');
    expect(plain.message).not.toBe(shipped('az', 'invalidCredentials'));
    expect(plain.message).toMatch(/[a-z]/i);
  });

  it('translates a permission refusal and a validation error too', async () => {
    const refused = await t.as(employee, { method: 'GET', url: '/api/admin/translations?lang=az', headers: { 'accept-language': 'tr' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiError>().message).toBe(shipped('tr', 'forbidden'));
    const invalid = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'accept-language': 'en' }, payload: { email: 1 } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<ApiError>()).toMatchObject({ code: 'validationError', message: shipped('en', 'validationError') });
  });

  it("uses an admin's edited text of the error at once, and the shipped one after a reset", async () => {
    const key = 'errors.api.invalidCredentials';
    const edited = 'Yanlış e-poçt və ya şifrə — bir daha yoxlayın.';
    const saved = await t.as(admin, { method: 'PUT', url: '/api/admin/translations', payload: { lang: 'az', key, value: edited } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await wrongLogin('az')).json<ApiError>().message).toBe(edited);
    expect((await wrongLogin('en')).json<ApiError>().message).toBe(shipped('en', 'invalidCredentials'));
    await t.as(admin, { method: 'POST', url: '/api/admin/translations/reset', payload: { lang: 'az', key } });
    expect((await wrongLogin('az')).json<ApiError>().message).toBe(shipped('az', 'invalidCredentials'));
  });
});
