import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import type { ApiError } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../test/helpers';
import { multipart } from '../../test/multipart';

/*
 * Issue #20, finding 5: bad input answered 500 because PostgreSQL refused the value. Every case
 * here was a 500 before; now each is a 400 that names the field.
 */

const NUL = 'a\u0000b';
const LONE = 'x\ud800y';

describe.each(backends)('input hygiene on %s', (backend) => {
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

  const expectFieldRefused = (res: { statusCode: number; json: () => unknown }, location: string, path: string) => {
    expect(res.statusCode).toBe(400);
    const body = res.json() as ApiError;
    expect(body.code).toBe('validationError');
    expect(body.details).toEqual({ location, issues: [{ path, message: 'invalidCharacters' }] });
  };

  const nulCases: [string, 'admin' | 'employee' | null, InjectOptions, string, string][] = [
    ['login email', null, { method: 'POST', url: '/api/auth/login', payload: { email: `admin${NUL}@servicedesk.az`, password: 'Demo1234' } }, 'body', 'email'],
    ['login password', null, { method: 'POST', url: '/api/auth/login', payload: { email: 'admin@servicedesk.az', password: `Demo${NUL}` } }, 'body', 'password'],
    ['forgotPassword', null, { method: 'POST', url: '/api/auth/forgotPassword', payload: { email: `x${NUL}@y.az` } }, 'body', 'email'],
    ['help-desk grid search', 'employee', { method: 'POST', url: '/api/helpdesk/requests/grid', payload: { search: NUL } }, 'body', 'search'],
    ['help-desk list search', 'employee', { method: 'GET', url: '/api/helpdesk/requests/list?search=a%00b' }, 'querystring', 'search'],
    ['notification search', 'employee', { method: 'POST', url: '/api/global/Layout/GetHeaderNotifications', payload: { skipCount: 0, isRead: false, search: NUL } }, 'body', 'search'],
    ['request save', 'employee', { method: 'POST', url: '/api/helpdesk/requests/save', payload: { title: `Printer ${NUL}`, description: 'jammed', componentId: 1 } }, 'body', 'title'],
    ['comment', 'employee', { method: 'POST', url: '/api/helpdesk/requests/1/comments', payload: { text: NUL } }, 'body', 'text'],
    ['getMenuPermissions', 'employee', { method: 'POST', url: '/api/global/getMenuPermissions', payload: { actionName: NUL } }, 'body', 'actionName'],
    ['position', 'admin', { method: 'POST', url: '/api/admin/positions', payload: { name: NUL } }, 'body', 'name'],
    ['location', 'admin', { method: 'POST', url: '/api/admin/locations', payload: { name: `Bakı ${NUL}` } }, 'body', 'name'],
    ['user type copy', 'admin', { method: 'POST', url: '/api/admin/userTypes/1/copy', payload: { names: { az: NUL, en: 'x', ru: 'x', tr: 'x' } } }, 'body', 'names.az'],
    ['translation', 'admin', { method: 'PUT', url: '/api/admin/translations', payload: { lang: 'en', key: 'common.save', value: NUL } }, 'body', 'value'],
    ['a key of the body', 'admin', { method: 'POST', url: '/api/admin/positions', payload: { [NUL]: 1, name: 'x' } }, 'body', NUL],
    ['a path parameter', 'employee', { method: 'GET', url: '/api/global/getSpecodesByKey/a%00b' }, 'params', 'key'],
  ];

  it.each(nulCases)('refuses a NUL character in %s with 400 naming the field', async (_name, who, options, location, path) => {
    const token = who === 'admin' ? admin : who === 'employee' ? employee : null;
    const res = token ? await t.as(token, options) : await t.app.inject(options);
    expectFieldRefused(res, location, path);
  });

  it('refuses a lone surrogate as a name, and as a user field', async () => {
    expectFieldRefused(
      await t.as(admin, { method: 'POST', url: '/api/admin/positions', payload: { name: LONE } }),
      'body',
      'name',
    );
    expectFieldRefused(
      await t.as(admin, { method: 'PUT', url: '/api/admin/users/2', payload: { firstName: LONE } }),
      'body',
      'firstName',
    );
    // A well-formed pair (an emoji) is fine.
    const ok = await t.as(admin, { method: 'POST', url: '/api/admin/positions', payload: { name: 'Dəstək 🙂' } });
    expect(ok.statusCode).toBe(200);
  });

  const bigIdCases: [string, 'admin' | 'employee', InjectOptions][] = [
    ['a request', 'employee', { method: 'GET', url: '/api/helpdesk/requests/99999999999' }],
    ['a user', 'admin', { method: 'GET', url: '/api/admin/users/99999999999' }],
    ['a comment on such a request', 'employee', { method: 'POST', url: '/api/helpdesk/requests/99999999999/comments', payload: { text: 'hi' } }],
    ['chat markRead with partnerId 2^31', 'employee', { method: 'POST', url: '/api/chat/markRead', payload: { partnerId: 2 ** 31 } }],
    ['chat history', 'employee', { method: 'GET', url: `/api/chat/history?partnerId=${2 ** 31}` }],
    ['a file', 'employee', { method: 'POST', url: '/api/global/removeFile', payload: { id: 2 ** 31 } }],
  ];

  it.each(bigIdCases)('answers 400 (not 500) for an id beyond 32 bits: %s', async (_name, who, options) => {
    const res = await t.as(who === 'admin' ? admin : employee, options);
    expect(res.statusCode).toBe(400);
    expect((res.json() as ApiError).code).toBe('validationError');
  });

  it('answers 404 for a file url whose id is beyond 32 bits', async () => {
    const download = await t.as(employee, { method: 'POST', url: '/api/global/FileServer/DownloadFile', payload: { url: 'files/9999999999' } });
    expect(download.statusCode).toBe(404);
    const avatar = await t.app.inject({ method: 'GET', url: '/api/global/FileServer/avatar/9999999999-0123456789abcdef' });
    expect(avatar.statusCode).toBe(404);
  });

  it('answers 400 `malformedMultipart` for a truncated multipart body', async () => {
    const { payload, headers } = multipart([
      { field: 'type', value: 'general' },
      { file: 'notes.txt', bytes: Buffer.from('hello world, this is a note\n'.repeat(50)) },
    ]);
    const res = await t.as(employee, { method: 'POST', url: '/api/global/FileUploadGlobal', payload: payload.subarray(0, payload.length - 300), headers });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ApiError).code).toBe('malformedMultipart');
    const noBoundary = await t.as(employee, {
      method: 'POST',
      url: '/api/global/uploadFile',
      payload: Buffer.from('garbage'),
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
  });

  it('refuses a NUL in an uploaded file name', async () => {
    const { payload, headers } = multipart([{ file: `a${NUL}.txt`, bytes: Buffer.from('hello\n') }]);
    const res = await t.as(employee, { method: 'POST', url: '/api/global/uploadFile', payload, headers });
    expectFieldRefused(res, 'multipart', 'file');
  });
});

describe.each(backends)('upload limits on %s (issue #20, finding 6)', (backend) => {
  let t: TestApp;
  let employee: string;
  const upload = (token: string, bytes: Buffer, name = 'notes.txt') => {
    const { payload, headers } = multipart([{ field: 'type', value: 'general' }, { file: name, bytes }]);
    return t.as(token, { method: 'POST', url: '/api/global/uploadFile', payload, headers });
  };
  beforeAll(async () => {
    t = await createTestApp(backend, { uploadRatePerMinute: 5, uploadQuotaBytes: 10_000 });
    employee = await t.login('employee@servicedesk.az');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 tooManyUploads past UPLOAD_RATE_PER_MINUTE uploads of one user, even sent at once', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => upload(employee, Buffer.from(`note ${i}\n`))));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(7);
    expect(refused[0]!.json<ApiError>()).toMatchObject({ code: 'tooManyUploads', details: { retryAfterSeconds: expect.any(Number) } });
    // Another user is not affected.
    expect((await upload(await t.login('clerk@servicedesk.az'), Buffer.from('mine\n'))).statusCode).toBe(200);
  });

  it('answers 413 storageQuotaExceeded with a clear message once the user would pass UPLOAD_QUOTA_MB', async () => {
    const clerk = await t.login('lawyer@servicedesk.az');
    expect((await upload(clerk, Buffer.alloc(6_000, 'a'))).statusCode).toBe(200);
    const over = await upload(clerk, Buffer.alloc(6_000, 'b'));
    expect(over.statusCode).toBe(413);
    expect(over.json<ApiError>()).toMatchObject({ code: 'storageQuotaExceeded', details: { usedBytes: 6_000, quotaBytes: 10_000, requestedBytes: 6_000 } });
    expect(over.json<ApiError>().message).toMatch(/storage/i);
  });
});
