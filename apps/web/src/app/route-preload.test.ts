import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildLocale } from '@servicedesk/i18n/resources';
import { bootScript, bootTable, localeFiles, preloadScript, routeTable } from '../../scripts/route-preload.mjs';
import { BOOT_SHELL_ID } from './boot-shell';

/** What each load key brings (its file, CSS and static imports), as the build's chunks say. */
const chunks: Record<string, string[]> = {
  app: ['assets/app.js', 'assets/framework.js'],
  shell: ['assets/shell.js', 'assets/shell.css', 'assets/shared.js'],
  newsFeed: ['assets/feed.js', 'assets/shared.js'],
  newsPost: ['assets/post.js'],
  newsEditor: ['assets/editor.js', 'assets/editor.css'],
};
const filesOf = (key: string) => chunks[key]!;
const routes = [
  { path: '/home/news/:id', load: ['app', 'shell', 'newsPost'] },
  { path: '/home/news', load: ['app', 'shell', 'newsFeed'] },
  { path: '/home/news/new', load: ['app', 'shell', 'newsEditor'] },
  { path: '/home (shell alone)', load: ['app', 'shell'] },
  { path: '/auth/login', load: ['app'], preload: false },
];
/** index.html loads the entry's own files anyway. */
const already = new Set(['assets/framework.js']);

/** Runs the inline script on `path` and answers the links it added (rel and href). */
function preloadsOn(path: string): string[] {
  window.history.pushState({}, '', path);
  new Function(preloadScript(routeTable(routes, filesOf, already)))();
  return [...document.head.querySelectorAll('link')].map((l) => `${l.rel}${l.getAttribute('as') ? `:${l.getAttribute('as')}` : ''} ${l.getAttribute('href')}`);
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('per-route preloading from index.html (issue #19)', () => {
  it("lists each route's files once, without what index.html loads anyway; only real URL patterns, the most specific first", () => {
    const { files, table } = routeTable(routes, filesOf, already);
    expect(table.map(([pattern]) => pattern)).toEqual(['^/home/news/new/?$', '^/home/news/?$', '^/home/news/[^/]+/?$']);
    expect(new Set(files).size).toBe(files.length);
    expect(files).not.toContain('assets/framework.js');
    const [, editor] = table[0]!;
    expect(editor.map((i) => files[i])).toEqual(['assets/app.js', 'assets/shell.js', 'assets/shell.css', 'assets/shared.js', 'assets/editor.js', 'assets/editor.css']);
  });

  it('preloads the scripts (modulepreload) and styles (preload as style) of the route the page opens on', () => {
    expect(preloadsOn('/home/news/new')).toEqual([
      'modulepreload /assets/app.js',
      'modulepreload /assets/shell.js',
      'preload:style /assets/shell.css',
      'modulepreload /assets/shared.js',
      'modulepreload /assets/editor.js',
      'preload:style /assets/editor.css',
    ]);
    document.head.innerHTML = '';
    expect(preloadsOn('/home/news/42/')).toContain('modulepreload /assets/post.js');
    document.head.innerHTML = '';
    expect(preloadsOn('/home/news')).toContain('modulepreload /assets/feed.js');
  });

  it('preloads nothing on a path of no listed route, nor of a route that says preload: false', () => {
    expect(preloadsOn('/auth/login')).toEqual([]);
    expect(preloadsOn('/home/unknown')).toEqual([]);
    expect(preloadsOn('/home/news/1/2')).toEqual([]);
  });

  it('covers the real routes: every budgeted URL pattern is in the table', async () => {
    const { routes: real } = await import('../../scripts/bundle-budgets.mjs');
    const { table } = routeTable(real, () => ['assets/x.js'], new Set());
    for (const path of ['/auth/forgot-password', '/home/dashboard', '/home/helpdesk/requests', '/home/helpdesk/requests/:id', '/home/documents/circulation']) {
      expect(table.map(([pattern]) => pattern)).toContain(`^${path.replace(':id', '[^/]+')}/?$`);
    }
  });
});

describe('the boot shell from index.html (issue #19)', () => {
  const bootRoutes = [
    { path: '/home/dashboard', load: ['app', 'shell'], boot: ['dashboard.greeting.{part}', 'dashboard.subtitle'] },
    { path: '/home/news', load: ['app', 'shell', 'newsFeed'], permissions: ['news'], boot: ['news.title'] },
    { path: '/home/news/:id', load: ['app', 'shell', 'newsPost'] },
  ];

  it("takes each route's heading and lead from the translations, in every language; a {part} key per part of the day", () => {
    const table = bootTable(bootRoutes, buildLocale);
    expect(table.map((r) => r.pattern)).toEqual(['^/home/dashboard/?$', '^/home/news/?$']);
    const [dashboard, news] = table;
    const en = buildLocale('en') as { dashboard: { greeting: Record<string, string>; subtitle: string }; news: { title: string } };
    expect(dashboard!.heading.en).toEqual(en.dashboard.greeting);
    expect(dashboard!.lead!.en).toBe(en.dashboard.subtitle);
    const az = buildLocale('az') as typeof en;
    expect(news!.heading.az).toBe(az.news.title);
    expect(news!.lead).toBeUndefined();
  });

  it('fails the build for a key missing in a language or a text with a placeholder it cannot fill', () => {
    expect(() => bootTable([{ path: '/home/x', boot: ['no.such.key'] }], buildLocale)).toThrow(/"no\.such\.key" is missing in az/);
    const withCount = (lang: string) => ({ ...buildLocale(lang), x: { title: 'Requests ({{count}})' } });
    expect(() => bootTable([{ path: '/home/x', boot: ['x.title'] }], withCount)).toThrow(/cannot fill: count/);
  });

  it("the inline script draws the route's heading in the stored language before the app's scripts", async () => {
    const script = await bootScript(process.cwd(), bootTable(bootRoutes, buildLocale));
    localStorage.setItem('sd.token', 't');
    localStorage.setItem('sd.tokenExpiry', String(Date.now() + 60_000));
    localStorage.setItem('sd.language', 'tr');
    window.history.pushState({}, '', '/home/news');
    new Function(script)();
    const tr = buildLocale('tr') as { news: { title: string } };
    expect(document.getElementById(BOOT_SHELL_ID)?.querySelector('.sd-boot-heading')?.textContent).toBe(tr.news.title);
    document.body.innerHTML = '';
    window.history.pushState({}, '', '/home/news/7');
    new Function(script)();
    expect(document.getElementById(BOOT_SHELL_ID)).toBeNull();
  });

  it("with a session on a boot route, the route's files and permission calls start after the first frame; without one at once", () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}')));
    vi.stubGlobal('fetch', fetch);
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    try {
      localStorage.setItem('sd.token', 't');
      localStorage.setItem('sd.tokenExpiry', String(Date.now() + 60_000));
      window.history.pushState({}, '', '/home/news');
      new Function(preloadScript(routeTable(bootRoutes, filesOf, already)))();
      expect(document.head.querySelectorAll('link')).toHaveLength(0);
      expect(fetch).not.toHaveBeenCalled();
      vi.advanceTimersToNextFrame();
      vi.runAllTimers();
      expect(document.head.querySelectorAll('link[rel=modulepreload]').length).toBeGreaterThan(0);
      expect(fetch).toHaveBeenCalledTimes(1);

      document.head.innerHTML = '';
      localStorage.clear();
      new Function(preloadScript(routeTable(bootRoutes, filesOf, already)))();
      expect(document.head.querySelectorAll('link[rel=modulepreload]').length).toBeGreaterThan(0);
    } finally {
      vi.useRealTimers();
    }
  });


  it('behind the boot shell, Intl is first used after the first frame, one use per task, in the stored language', () => {
    const uses: string[] = [];
    const supported = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockImplementation(() => {
      uses.push('supportedLocalesOf');
      return [];
    });
    const dates = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation((function (lang: string) {
      uses.push(`DateTimeFormat ${lang}`);
      return { format: () => '' };
    }) as never);
    const numbers = vi.spyOn(Intl, 'NumberFormat').mockImplementation((function (lang: string) {
      uses.push(`NumberFormat ${lang}`);
      return { format: () => '' };
    }) as never);
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{}'))));
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    try {
      localStorage.setItem('sd.token', 't');
      localStorage.setItem('sd.tokenExpiry', String(Date.now() + 60_000));
      localStorage.setItem('sd.language', 'tr');
      window.history.pushState({}, '', '/home/news');
      new Function(preloadScript(routeTable(bootRoutes, filesOf, already)))();
      expect(uses).toEqual([]);
      vi.advanceTimersToNextFrame();
      const perTask: string[][] = [];
      while (vi.getTimerCount() > 0) {
        const before = uses.length;
        vi.advanceTimersToNextTimer();
        if (uses.length > before) perTask.push(uses.slice(before));
      }
      expect(perTask).toEqual([['supportedLocalesOf'], ['DateTimeFormat tr'], ['NumberFormat tr']]);
    } finally {
      vi.useRealTimers();
      supported.mockRestore();
      dates.mockRestore();
      numbers.mockRestore();
    }
  });
  it('reads the same translations from the files as the server serves (buildLocale)', () => {
    for (const lang of ['az', 'en', 'ru', 'tr']) expect(localeFiles(`${process.cwd()}/../../packages/i18n/src/locales`, lang)).toEqual(buildLocale(lang));
  });

  it('every route of bundle-budgets.mjs with boot keys has them in all four languages', async () => {
    const { routes: real } = await import('../../scripts/bundle-budgets.mjs');
    const table = bootTable(real, buildLocale);
    expect(table.length).toBeGreaterThanOrEqual(20);
    expect(table.map((r) => r.pattern)).toEqual(expect.arrayContaining(['^/home/dashboard/?$', '^/home/helpdesk/requests/?$']));
  });
});
