import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageCodes } from '@servicedesk/contracts';
import { buildLocale } from '@servicedesk/i18n/resources';
import { createTestApp, fakeWebDist, type TestApp } from '../../test/helpers';
import { decodedText } from '../lib/encoded-body';

/** Every key path of a translation tree (`menu.dashboard`, …). */
function keyPaths(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
}

describe('web app and translation files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers index.html for a client route a browser opens (SPA fallback)', async () => {
    for (const url of ['/', '/home/dashboard', '/auth/login?returnUrl=%2Fhome%2Fnews', '/error-404', '/anything/else']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('servicedesk-spa');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
    }
  });

  it('serves real files from the web build and 404 for a missing asset a script asks for', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('User-agent');
    expect(robots.headers['cache-control']).toBe('no-cache');
    const hashed = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123xy.js' });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(missing.statusCode).toBe(404);
  });

  it('answers JSON 404 for unknown /api paths, even from a browser', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/call', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'notFound', message: expect.any(String) });
    const post = await t.app.inject({ method: 'POST', url: '/api/global/nothing', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('serves /assets/i18n/az.json as the merged az tree with the spec’s keys', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/i18n/az.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const body = res.json<Record<string, unknown>>();
    expect(body).toEqual(buildLocale('az'));
    expect(body).toHaveProperty('sessionHasExpired');
  });

  it.each(languageCodes)('serves %s with the same keys as az', async (lang) => {
    const res = await t.app.inject({ method: 'GET', url: `/assets/i18n/${lang}.json` });
    expect(res.statusCode).toBe(200);
    // A plural key has the plural forms of its language (CLDR: ru has _one/_few/_many/_other, az
    // _one/_other): compare the keys without those suffixes, each once.
    const texts = (tree: unknown) => [...new Set(keyPaths(tree).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
    expect(texts(res.json())).toEqual(texts(buildLocale('az')));
    // buildLocale falls back to az for an unknown code: make sure each language is really its own.
    if (lang !== 'az') expect(res.json<Record<string, unknown>>().sessionHasExpired).not.toBe(buildLocale('az').sessionHasExpired);
  });

  it('answers 404 for a language that is not supported', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/i18n/de.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/assets/i18n/az.txt' })).statusCode).toBe(404);
  });

  // The web translates a caption `menu.x` as `layout.menu.x` (layout.json's top-level key is its area).
  it('names every sidebar caption in every language', async () => {
    const menus = await t.as(await t.login('admin@servicedesk.az'), { method: 'GET', url: '/api/global/Layout/GetMenus' });
    const captions = menus.json<{ caption: string; subMenus?: { caption: string }[] }[]>()
      .flatMap((m) => [m.caption, ...(m.subMenus ?? []).map((s) => s.caption)]);
    for (const lang of languageCodes) {
      const keys = new Set(keyPaths(buildLocale(lang)));
      expect(captions.filter((c) => !keys.has(`layout.${c}`)), lang).toEqual([]);
    }
  });
});

/** A response body as the browser reads it: decoded per its Content-Encoding. */
const decoded = (res: { rawPayload: Buffer; headers: Record<string, unknown> }): string => decodedText(res.rawPayload, res.headers['content-encoding']);

describe('compressed answers (issue #19: the web build went over the wire uncompressed)', () => {
  let t: TestApp;
  const script = `export const text = ${JSON.stringify('Sorğu təsdiqləndi. '.repeat(400))};\n`;
  beforeAll(async () => {
    // A build as apps/web/scripts/precompress.mjs leaves it: each text file with .br and .gz beside it.
    const webDist = fakeWebDist();
    const file = path.join(webDist, 'assets', 'framework-D0xgDS8a.js');
    writeFileSync(file, script);
    writeFileSync(`${file}.br`, brotliCompressSync(script));
    writeFileSync(`${file}.gz`, gzipSync(script));
    const html = path.join(webDist, 'index.html');
    const page = '<!doctype html><html><body><div id="root"></div>servicedesk-spa</body></html>';
    writeFileSync(`${html}.br`, brotliCompressSync(page));
    t = await createTestApp('pglite', { webDist });
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('sends a built script to Accept-Encoding %s as %s, the same text, cached for good', async (accept, encoding) => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/framework-D0xgDS8a.js', headers: accept === undefined ? {} : { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(decoded(res)).toBe(script);
    if (encoding) expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 5);
  });

  it('sends the SPA page compressed when it may, still as HTML that revalidates', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/login', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decoded(res)).toContain('servicedesk-spa');
  });

  it.each(['br', 'gzip'] as const)('sends a translation file as %s, the same tree, with its ETag', async (encoding) => {
    const plain = await t.app.inject({ method: 'GET', url: '/assets/i18n/ru.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const res = await t.app.inject({ method: 'GET', url: '/assets/i18n/ru.json', headers: { 'accept-encoding': encoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(decoded(res))).toEqual(buildLocale('ru'));
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const again = await t.app.inject({ method: 'GET', url: '/assets/i18n/ru.json', headers: { 'accept-encoding': encoding, 'if-none-match': String(plain.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});

