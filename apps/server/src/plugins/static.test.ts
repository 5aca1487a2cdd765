import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageCodes } from '@servicedesk/contracts';
import { buildLocale } from '@servicedesk/i18n/resources';
import { createTestApp, type TestApp } from '../../test/helpers';

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
    expect(keyPaths(res.json()).sort()).toEqual(keyPaths(buildLocale('az')).sort());
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
