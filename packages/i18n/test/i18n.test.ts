import { describe, expect, it, vi } from 'vitest';
import { buildLocale, buildResources, createI18n, initI18n, languages } from '../src/index';

describe('createI18n with bundled resources', () => {
  it('is ready at once and interpolates {{seconds}}', () => {
    const i18n = createI18n({ lng: 'en', resources: buildResources() });
    expect(i18n.t('sessionWillExpireInSeconds', { seconds: 30 })).toBe(
      'Your session will end in 30 seconds.',
    );
    expect(i18n.t('notification.nodatanow')).toBe('No notifications yet');
  });

  it('falls back to az for an unknown language and switches language on demand', async () => {
    const i18n = createI18n({ lng: 'xx', resources: buildResources() });
    expect(i18n.language).toBe('az');
    expect(i18n.t('attention')).toBe('Diqqət');
    await i18n.changeLanguage('ru');
    expect(i18n.t('attention')).toBe('Внимание');
  });

  it('keeps instances independent', async () => {
    const a = createI18n({ lng: 'tr', resources: buildResources() });
    const b = createI18n({ lng: 'en', resources: buildResources() });
    await a.changeLanguage('ru');
    expect(b.t('cancel')).toBe('Cancel');
  });
});

describe('createI18n with loadPath', () => {
  it('fetches the merged tree of the language from the URL template', async () => {
    const fetch = vi.fn(async (url: string | URL | Request) => {
      const lang = /\/(\w+)\.json$/.exec(String(url))?.[1] ?? 'az';
      return new Response(JSON.stringify(buildLocale(lang)), {
        headers: { 'content-type': 'application/json' },
      });
    });
    const i18n = await initI18n({
      lng: 'tr',
      loadPath: '/assets/i18n/{{lng}}.json',
      fetch: fetch as typeof globalThis.fetch,
    });
    expect(fetch).toHaveBeenCalledWith('/assets/i18n/tr.json', expect.anything());
    expect(i18n.t('save')).toBe('Kaydet');
    await i18n.changeLanguage('ru');
    expect(i18n.t('save')).toBe('Сохранить');
  });
});

describe('languages', () => {
  it('lists az first, each with its own name and an inline SVG flag', () => {
    expect(languages.map((l) => l.code)).toEqual(['az', 'en', 'ru', 'tr']);
    expect(languages.map((l) => l.label)).toEqual(['Azərbaycan', 'English', 'Русский', 'Türkçe']);
    for (const l of languages) expect(l.imgUrl).toMatch(/^data:image\/svg\+xml;utf8,%3Csvg/);
  });
});
