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
 *
 * It also writes the boot shell (src/app/boot-shell.ts): for the routes with boot texts, a script
 * at the start of <body> that draws the app's frame and the page's heading before the scripts load.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { rolldown } from 'rolldown';
import { routes } from './bundle-budgets.mjs';

/** Whether a route's `path` is a real URL pattern (`/home/news/:id`), not a description. */
const isUrlPattern = (route) => /^\/[\w\-/:]*$/.test(route.path);
/** The most specific route first: fewer parameters, then the longer path. */
const bySpecificity = (a, b) => (a.path.match(/:/g) ?? []).length - (b.path.match(/:/g) ?? []).length || b.path.length - a.path.length;
/** The RegExp source the inline scripts match `location.pathname` against. */
const pathPattern = (path) => `^${path.replace(/:[\w]+/g, '[^/]+')}/?$`;

/**
 * The route table for the inline script: `[pattern, file indexes, page permissions or 0?, 1 when
 * the route has a boot shell?]`, most specific first (fewer parameters, then longer), from the
 * routes whose `path` is a real URL pattern (`/home/news/:id`) and that do not say `preload: false`.
 * @param {{ path: string, load: string[], preload?: boolean, permissions?: string[], boot?: string[] }[]} routeList routes of bundle-budgets.mjs
 * @param {(key: string) => string[]} filesOf the files (dist-relative) a load key brings, its static imports included
 * @param {Set<string>} already files index.html loads anyway
 * @returns {{ files: string[], table: [string, number[], (string[] | 0)?, 1?][] }}
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
  const real = routeList.filter((r) => r.preload !== false && isUrlPattern(r)).sort(bySpecificity);
  const table = real.map((route) => {
    const wanted = new Set();
    for (const key of route.load) for (const file of filesOf(key)) if (!already.has(file)) wanted.add(file);
    const pattern = pathPattern(route.path);
    const entry = [pattern, [...wanted].map(indexOf)];
    if (route.permissions?.length || route.boot?.length) entry.push(route.permissions?.length ? route.permissions : 0);
    if (route.boot?.length) entry.push(1);
    return entry;
  });
  return { files, table };
}

/** The interface languages (packages/i18n `languageCodes`). */
const LANGUAGES = ['az', 'en', 'ru', 'tr'];
/** The parts of the day a heading key's `{part}` stands for (features/dashboard/greeting.ts). */
const PARTS = ['morning', 'afternoon', 'evening'];

/**
 * A language's translation tree read from its files (`<dir>/<lang>/*.json`, deep-merged): what
 * packages/i18n `buildLocale` serves, read without importing TypeScript into the build's config
 * (route-preload.test.ts holds the two equal).
 * @param {string} dir packages/i18n/src/locales
 * @param {string} lang a language code
 * @returns {object}
 */
export function localeFiles(dir, lang) {
  const merge = (target, source) => {
    for (const [key, value] of Object.entries(source)) {
      if (value && typeof value === 'object' && target[key] && typeof target[key] === 'object') merge(target[key], value);
      else target[key] = value;
    }
    return target;
  };
  const tree = {};
  for (const file of readdirSync(join(dir, lang)).filter((f) => f.endsWith('.json')).sort()) merge(tree, JSON.parse(readFileSync(join(dir, lang, file), 'utf8')));
  return tree;
}

/**
 * The boot shell's table (src/app/boot-shell.ts `BootRoute[]`): for each route of
 * bundle-budgets.mjs with `boot: [headingKey, leadKey?]`, its pattern (as in {@link routeTable},
 * most specific first) and the texts of those i18n keys in every language — a key with `{part}`
 * (the dashboard's greeting) gives one text per part of the day. Throws for a key missing in a
 * language or a text with a placeholder other than `{{name}}` (the boot shell fills in only the
 * stored user's first name), so a renamed key fails the build.
 * @param {{ path: string, boot?: string[] }[]} routeList routes of bundle-budgets.mjs
 * @param {(lang: string) => object} localeOf the merged translation tree of a language (`buildLocale`)
 */
export function bootTable(routeList, localeOf) {
  const trees = Object.fromEntries(LANGUAGES.map((lang) => [lang, localeOf(lang)]));
  const lookup = (lang, key) => {
    const text = key.split('.').reduce((node, part) => (node && typeof node === 'object' ? node[part] : undefined), trees[lang]);
    if (typeof text !== 'string') throw new Error(`route-preload: the boot text "${key}" is missing in ${lang}`);
    const other = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).filter((name) => name !== 'name');
    if (other.length) throw new Error(`route-preload: the boot text "${key}" (${lang}) has placeholders the boot shell cannot fill: ${other.join(', ')}`);
    return text;
  };
  const textOf = (key) =>
    Object.fromEntries(
      LANGUAGES.map((lang) => [lang, key.includes('{part}') ? Object.fromEntries(PARTS.map((part) => [part, lookup(lang, key.replace('{part}', part))])) : lookup(lang, key)]),
    );
  return routeList
    .filter((r) => r.boot?.length && isUrlPattern(r))
    .sort(bySpecificity)
    .map((route) => {
      const [heading, lead] = route.boot;
      const entry = { pattern: pathPattern(route.path), heading: textOf(heading) };
      if (lead) entry.lead = textOf(lead);
      return entry;
    });
}

/**
 * The inline script that draws the boot shell (src/app/boot-shell.ts, bundled on its own as an
 * IIFE, minified) for `table`; run at the start of <body>, before any of the app's scripts.
 * @param {string} root apps/web
 * @param {ReturnType<typeof bootTable>} table
 * @returns {Promise<string>}
 */
export async function bootScript(root, table) {
  const bundle = await rolldown({ input: resolve(root, 'src/app/boot-shell.ts'), platform: 'browser', logLevel: 'silent' });
  try {
    const { output } = await bundle.generate({ format: 'iife', name: '__sdBoot', minify: true });
    const code = output[0].code;
    return `(function () {\n${code}\ntry { __sdBoot.showBootShell(${JSON.stringify(table)}, location.pathname, { document: document, storage: localStorage, now: Date.now() }); } catch (e) {}\n})();`;
  } finally {
    await bundle.close();
  }
}

/** Where the inline script leaves the page-permission calls it started (features/access/early-permission.ts reads them). */
export const EARLY_PERMISSIONS = '__sdEarlyPermissions';

/**
 * The inline script (ES5, no dependencies) that preloads the files of the route of the page's path
 * and, with an unexpired stored session, starts the route's page-permission checks (SPEC §6,
 * POST /api/global/checkMenuPermission, as the api client sends it): the route's loader takes the
 * answer instead of asking once the app's scripts have run — one round trip less before the page.
 * On a route with a boot shell and a stored session both wait for the first frame (the boot shell
 * painted): on a slow phone the paint then needs only index.html and its CSS.
 * @param {{ files: string[], table: [string, number[], string[]?][] }} routes what {@link routeTable} gives
 */
export function preloadScript({ files, table }) {
  return `(function () {
  var f = ${JSON.stringify(files)};
  var r = ${JSON.stringify(table)};
  var p = location.pathname;
  for (var i = 0; i < r.length; i++) {
    if (!new RegExp(r[i][0]).test(p)) continue;
    var route = r[i], tk = null, lg = 'az';
    try {
      var ex = Number(localStorage.getItem('sd.tokenExpiry'));
      tk = ex > Date.now() ? localStorage.getItem('sd.token') : null;
      lg = localStorage.getItem('sd.language');
      if (lg !== 'en' && lg !== 'ru' && lg !== 'tr') lg = 'az';
    } catch (x) {}
    // After the boot shell's frame, eight links at a time, a task each: starting ~60 fetches in one
    // go was a long task on a phone. While the page is still being parsed, all at once.
    var batch = 1e9;
    var links = function (from) {
      for (var j = from; j < route[1].length && j < from + batch; j++) {
        var u = f[route[1][j]], l = document.createElement('link');
        if (/\\.css$/.test(u)) { l.rel = 'preload'; l.setAttribute('as', 'style'); } else { l.rel = 'modulepreload'; }
        l.crossOrigin = '';
        l.href = '/' + u;
        document.head.appendChild(l);
      }
      if (j < route[1].length) setTimeout(function () { links(j); }, 0);
    };
    var go = function () {
      links(0);
      var a = route[2];
      if (!a || !tk || !window.fetch) return;
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
    };
    // The boot shell (src/app/boot-shell.ts) draws this route's frame and heading first: the
    // route's files and calls start once that first frame is painted, so they do not compete with it.
    // Then, in a task of its own while the scripts download, the first use of Intl: it loads the
    // browser's locale data (~25 ms on a desktop, four times that on a phone), which otherwise came
    // inside the evaluation of the app's first scripts (react-aria checks the locale as it loads,
    // packages/i18n whether the browser has Azerbaijani) and made that task a long one.
    var uses = [
      function () { Intl.DateTimeFormat.supportedLocalesOf([navigator.language]); },
      function () { new Intl.DateTimeFormat(lg, { month: 'long', timeZone: 'UTC' }).format(0); },
      function () { new Intl.NumberFormat(lg).format(1.5); }
    ];
    var warm = function () {
      try { uses.shift()(); } catch (x) {}
      if (uses.length) setTimeout(warm, 0);
    };
    if (route[3] && tk && window.requestAnimationFrame) {
      batch = 8;
      requestAnimationFrame(function () { setTimeout(go, 0); setTimeout(warm, 0); });
    }
    else go();
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
      async handler(html, ctx) {
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
        const boot = await bootScript(root, bootTable(routes, (lang) => localeFiles(resolve(root, '../../packages/i18n/src/locales'), lang)));
        return {
          html,
          tags: [
            { tag: 'script', children: script, injectTo: 'head' },
            { tag: 'script', children: boot, injectTo: 'body-prepend' },
          ],
        };
      },
    },
  };
}
