import { afterEach, describe, expect, it } from 'vitest';
import { preloadScript, routeTable } from '../../scripts/route-preload.mjs';

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
