import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError } from '@servicedesk/contracts';
import { createTestApp, type TestApp } from '../../test/helpers';

describe('the one error shape', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers malformed JSON with 400 { message, code }', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(apiError.parse(res.json()).code).toBe('badRequest');
  });

  // Issue #19, found by test/api-fuzz.test.ts: Fastify's router answered these itself with
  // `{ error, code: 'FST_ERR_…', message, statusCode }`.
  it('answers a path parameter over 100 characters with 414 in the one shape', async () => {
    const token = await t.login('employee@servicedesk.az');
    const res = await t.as(token, { method: 'POST', url: `/api/global/Layout/UpdateTableOrder/${'y'.repeat(101)}`, payload: { columns: [] } });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'badRequest' });
  });

  it('answers a malformed percent-encoding in the path with 400 in the one shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/checkResetToken/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.any(String), code: 'badRequest' });
  });

  it('answers a body that is not JSON with 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(res.statusCode).toBe(415);
    expect(apiError.parse(res.json()).code).toBe('unsupportedMediaType');
  });

  it('answers a body over 1 MiB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(apiError.parse(res.json()).code).toBe('payloadTooLarge');
  });

  it('lists each invalid field of a 400 with its path', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: '   ', password: '', latitude: 123 } });
    expect(res.statusCode).toBe(400);
    const body = apiError.parse(res.json());
    const paths = (body.details as { issues: { path: string }[] }).issues.map((i) => i.path).sort();
    expect(paths).toEqual(['email', 'latitude', 'password']);
  });
});
