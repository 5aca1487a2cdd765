/**
 * Per-route preloading from index.html (issue #19, "Lighthouse": the first screen waited on a chain
 * of dynamic imports — entry → app → shell → the area's page list → the page —, each link a round
 * trip; on Lighthouse's simulated slow 4G the dashboard's first paint came after ~50 files fetched
 * one level after another).
 *
 * A Vite plugin for the build: it writes into index.html a small inline script that looks at
 * `location.pathname`, finds the route of scripts/bundle-budgets.mjs `routes` it belongs to (the one
 * list of what each route loads before its first paint) and adds `<link rel="modulepreload">` for
 * each JavaScript file of that route and `<link rel="preload" as="style">` for its CSS — fetched at
 * once, side by side with the entry, instead of when the chain reaches them. Files index.html loads
 * anyway (the entry and its static imports) are left out. A route that is not in the list (or a
 * path the router redirects) preloads nothing: the chain loads as before. The table is written at
 * build time from Rolldown's chunks, so it always names the hashed files of this build (and the
 * service worker precaches this index.html).
 */
import { isAbsolute, relative, resolve } from 'node:path';
import { routes } from './bundle-budgets.mjs';

/**
 * The route table for the inline script: `[pattern, file indexes, page permissions?]`, most specific
 * first (fewer parameters, then longer), from the routes whose `path` is a real URL pattern
 * (`/home/news/:id`) and that do not say `preload: false`.
 * @param {{ path: string, load: string[], preload?: boolean, permissions?: string[] }[]} routeList routes of bundle-budgets.mjs
 * @param {(key: string) => string[]} filesOf the files (dist-relative) a load key brings, its static imports included
 * @param {Set<string>} already files index.html loads anyway
 * @returns {{ files: string[], table: [string, number[]][] }}
 */
export function routeTable(routeList, filesOf, already) {
  const files = [];
  const index = new Map();
  const indexOf = (file) => {
    if (!index.has(file)) {
      index.set(file, files.length);
      files.push(file);
    }
    return index.get(file);
  };
  const real = routeList.filter((r) => r.preload !== false && /^\/[\w\-/:]*$/.test(r.path));
  const params = (r) => (r.path.match(/:/g) ?? []).length;
  real.sort((a, b) => params(a) - params(b) || b.path.length - a.path.length);
  const table = real.map((route) => {
    const wanted = new Set();
    for (const key of route.load) for (const file of filesOf(key)) if (!already.has(file)) wanted.add(file);
    const pattern = `^${route.path.replace(/:[\w]+/g, '[^/]+')}/?$`;
    return route.permissions?.length ? [pattern, [...wanted].map(indexOf), route.permissions] : [pattern, [...wanted].map(indexOf)];
  });
  return { files, table };
}

/** Where the inline script leaves the page-permission calls it started (features/access/early-permission.ts reads them). */
export const EARLY_PERMISSIONS = '__sdEarlyPermissions';

/**
 * The inline script (ES5, no dependencies) that preloads the files of the route of the page's path
 * and, with an unexpired stored session, starts the route's page-permission checks (SPEC §6,
 * POST /api/global/checkMenuPermission, as the api client sends it): the route's loader takes the
 * answer instead of asking once the app's scripts have run — one round trip less before the page.
 * @param {{ files: string[], table: [string, number[], string[]?][] }} routes what {@link routeTable} gives
 */
export function preloadScript({ files, table }) {
  return `(function () {
  var f = ${JSON.stringify(files)};
  var r = ${JSON.stringify(table)};
  var p = location.pathname;
  for (var i = 0; i < r.length; i++) {
    if (!new RegExp(r[i][0]).test(p)) continue;
    for (var j = 0; j < r[i][1].length; j++) {
      var u = f[r[i][1][j]], l = document.createElement('link');
      if (/\\.css$/.test(u)) { l.rel = 'preload'; l.setAttribute('as', 'style'); } else { l.rel = 'modulepreload'; }
      l.crossOrigin = '';
      l.href = '/' + u;
      document.head.appendChild(l);
    }
    var a = r[i][2];
    if (!a || !window.fetch) return;
    try {
      var tk = localStorage.getItem('sd.token'), ex = Number(localStorage.getItem('sd.tokenExpiry'));
      if (!tk || !(ex > Date.now())) return;
      var lg = localStorage.getItem('sd.language');
      if (lg !== 'en' && lg !== 'ru' && lg !== 'tr') lg = 'az';
      var e = (window.${EARLY_PERMISSIONS} = {});
      for (var k = 0; k < a.length; k++) {
        e[a[k]] = {
          token: tk,
          at: Date.now(),
          answer: fetch('/api/global/checkMenuPermission', {
            method: 'POST',
            headers: { Accept: 'application/json', 'Accept-Language': lg, Authorization: 'Bearer ' + tk, 'Content-Type': 'application/json' },
            body: JSON.stringify({ actionName: a[k] })
          })
        };
      }
    } catch (x) {}
    return;
  }
})();`;
}

/**
 * The Vite plugin (build only). Each route's load keys are source paths relative to apps/web, as
 * in bundle-budgets.mjs; a key no chunk holds fails the build (a renamed page must be renamed there).
 * @param {{ root: string }} options `root`: apps/web
 */
export function routePreload({ root }) {
  return {
    name: 'servicedesk:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
        /** module id (absolute path) → its chunk */
        const byModule = new Map();
        for (const chunk of chunks) for (const id of chunk.moduleIds ?? Object.keys(chunk.modules ?? {})) byModule.set(id.split('?')[0], chunk);
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        /** The chunk's file, its CSS and its static imports' (transitively). */
        const closure = (chunk, out = new Set()) => {
          if (out.has(chunk.fileName)) return out;
          out.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) out.add(css);
          for (const file of chunk.imports ?? []) {
            const imported = byFile.get(file);
            if (imported) closure(imported, out);
          }
          return out;
        };
        const filesOf = (key) => {
          const id = isAbsolute(key) ? key : resolve(root, key);
          const chunk = byModule.get(id);
          if (!chunk) throw new Error(`route-preload: no chunk holds ${relative(root, id)} (scripts/bundle-budgets.mjs routes)`);
          return [...closure(chunk)];
        };
        const already = new Set();
        for (const chunk of chunks) if (chunk.isEntry) closure(chunk, already);
        const script = preloadScript(routeTable(routes, filesOf, already));
        return { html, tags: [{ tag: 'script', children: script, injectTo: 'head' }] };
      },
    },
  };
}
