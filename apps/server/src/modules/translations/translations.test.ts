import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLocale } from '@servicedesk/i18n/resources';
import { disallowedMarkup, type ApiError, type TranslationHistoryItem, type TranslationListResponse, type TranslationRow } from '@servicedesk/contracts';
import { backends, createTestApp, type TestApp } from '../../../test/helpers';

describe.each(backends)('translation editing on %s', (backend) => {
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

  const list = async (query: string) => {
    const res = await t.as(admin, { method: 'GET', url: `/api/admin/translations?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TranslationListResponse>();
  };
  const set = (lang: string, key: string, value: string, token = admin) =>
    t.as(token, { method: 'PUT', url: '/api/admin/translations', payload: { lang, key, value } });
  const reset = (lang: string, key: string) => t.as(admin, { method: 'POST', url: '/api/admin/translations/reset', payload: { lang, key } });
  const served = async (lang: string) => (await t.app.inject({ method: 'GET', url: `/assets/i18n/${lang}.json` })).json<Record<string, unknown>>();

  it('is for holders of the translation permissions only', async () => {
    const read = await t.as(employee, { method: 'GET', url: '/api/admin/translations?lang=az' });
    expect(read.statusCode).toBe(403);
    expect(read.json<ApiError>().code).toBe('forbidden');
    expect((await set('en', 'sessionHasExpired', 'Nope', employee)).statusCode).toBe(403);
    expect((await served('en')).sessionHasExpired).toBe(buildLocale('en').sessionHasExpired);
  });

  it('lists every shipped key with its text, paged, and finds keys ignoring case and Azerbaijani accents', async () => {
    const all = await list('lang=az&take=500');
    expect(all.total).toBeGreaterThan(50);
    const first = await list('lang=az&take=5');
    expect(first.total).toBe(all.total);
    expect(first.rows.map((r) => r.key)).toEqual(all.rows.slice(0, 5).map((r) => r.key));
    const next = await list('lang=az&skip=5&take=5');
    expect(next.rows.map((r) => r.key)).toEqual(all.rows.slice(5, 10).map((r) => r.key));

    // "Sessiyanın müddəti bitib…" found by "MUDDETI BITIB".
    const found = await list(`lang=az&search=${encodeURIComponent('MUDDETI BITIB')}`);
    expect(found.rows).toContainEqual({
      key: 'sessionHasExpired',
      shipped: buildLocale('az').sessionHasExpired,
      override: null,
      value: buildLocale('az').sessionHasExpired,
      updatedBy: null,
      updatedAt: null,
    });
    expect(found.total).toBeLessThan(all.total);
    expect((await list('lang=az&search=sessionhasexpired')).rows.map((r) => r.key)).toContain('sessionHasExpired');
  });

  it('serves an override merged over the shipped file at once, and the shipped text again after a reset', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/assets/i18n/en.json' });
    const etag = before.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: '/assets/i18n/en.json', headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    const res = await set('en', 'sessionHasExpired', 'Your session ran out. Sign in again.');
    expect(res.statusCode).toBe(200);
    expect(res.json<TranslationRow>()).toMatchObject({
      key: 'sessionHasExpired',
      override: 'Your session ran out. Sign in again.',
      value: 'Your session ran out. Sign in again.',
      shipped: buildLocale('en').sessionHasExpired,
      updatedBy: expect.stringMatching(/\S/),
    });

    const after = await t.app.inject({ method: 'GET', url: '/assets/i18n/en.json', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const body = after.json<Record<string, unknown>>();
    expect(body.sessionHasExpired).toBe('Your session ran out. Sign in again.');
    // Every other key keeps its shipped text; other languages are untouched.
    expect({ ...body, sessionHasExpired: buildLocale('en').sessionHasExpired }).toEqual(buildLocale('en'));
    expect(await served('az')).toEqual(buildLocale('az'));
    expect((await list('lang=en&overriddenOnly=true')).rows.map((r) => r.key)).toEqual(['sessionHasExpired']);
    expect((await list('lang=en&search=ran%20out')).rows.map((r) => r.key)).toEqual(['sessionHasExpired']);

    const back = await reset('en', 'sessionHasExpired');
    expect(back.json<TranslationRow>()).toMatchObject({ override: null, value: buildLocale('en').sessionHasExpired, updatedBy: null });
    expect(await served('en')).toEqual(buildLocale('en'));
    expect((await list('lang=en&overriddenOnly=true')).total).toBe(0);

    const history = await t.as(admin, { method: 'GET', url: '/api/admin/translations/history?lang=en&key=sessionHasExpired' });
    const entries = history.json<TranslationHistoryItem[]>();
    expect(entries.map((e) => [e.value, e.previous])).toEqual([
      [null, 'Your session ran out. Sign in again.'],
      ['Your session ran out. Sign in again.', null],
    ]);
    expect(entries.every((e) => e.changedBy !== null)).toBe(true);
  });

  it('overrides nested keys of an area file too', async () => {
    const row = (await list('lang=ru&take=500')).rows.find((r) => r.key.includes('.') && /^\w+\.\w+\.\w+$/.test(r.key) && r.shipped.indexOf('{{') < 0)!;
    expect((await set('ru', row.key, 'Новый текст')).statusCode).toBe(200);
    const tree = await served('ru');
    const value = row.key.split('.').reduce<unknown>((node, segment) => (node as Record<string, unknown>)[segment], tree);
    expect(value).toBe('Новый текст');
    await reset('ru', row.key);
  });

  it('refuses markup beyond the few tags the texts use, which every shipped text keeps to', async () => {
    const texts = (tree: object): string[] => Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : texts(v as object)));
    for (const lang of ['az', 'en', 'ru', 'tr'] as const) {
      for (const text of texts(buildLocale(lang))) expect(disallowedMarkup(text), `${lang}: ${text}`).toEqual([]);
    }
    const key = 'notifications.phoneNumberSaved';
    const shipped = buildLocale('en');
    expect(JSON.stringify(shipped)).toContain('<b>{{number}}</b>');
    const res = await set('en', key, 'Saved <img src=x onerror=alert(1)> {{number}}');
    expect(res.statusCode).toBe(422);
    expect(res.json<ApiError>()).toMatchObject({ code: 'unsafeMarkup', details: { markup: ['<img src=x onerror=alert(1)>'] } });
    expect((await set('en', key, 'Saved <b onclick="x">{{number}}</b>')).json<ApiError>().code).toBe('unsafeMarkup');
    const ok = await set('en', key, 'Number <strong>{{number}}</strong> saved.');
    expect(ok.statusCode).toBe(200);
    await reset('en', key);
  });

  it('refuses an override that drops or adds a {{placeholder}}, and an unknown key', async () => {
    const dropped = await set('en', 'sessionWillExpireInSeconds', 'Your session ends soon.');
    expect(dropped.statusCode).toBe(422);
    expect(dropped.json<ApiError>()).toMatchObject({
      code: 'placeholderMismatch',
      details: { expected: ['seconds'], actual: [] },
      message: expect.stringContaining('{{seconds}}'),
    });
    const added = await set('en', 'sessionWillExpireInSeconds', 'Ends in {{seconds}} s, {{name}}.');
    expect(added.json<ApiError>()).toMatchObject({ code: 'placeholderMismatch', details: { expected: ['seconds'], actual: ['name', 'seconds'] } });
    expect((await served('en')).sessionWillExpireInSeconds).toBe(buildLocale('en').sessionWillExpireInSeconds);

    const kept = await set('en', 'sessionWillExpireInSeconds', '{{ seconds }} seconds left in this session.');
    expect(kept.statusCode).toBe(200);
    expect((await served('en')).sessionWillExpireInSeconds).toBe('{{ seconds }} seconds left in this session.');
    await reset('en', 'sessionWillExpireInSeconds');

    const unknown = await set('en', 'no.such.key', 'x');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiError>().code).toBe('unknownTranslationKey');
    expect((await set('de', 'sessionHasExpired', 'x')).statusCode).toBe(400);
  });
});
