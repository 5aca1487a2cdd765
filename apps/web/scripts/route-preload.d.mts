import type { Plugin } from 'vite';

/** The build's per-route preloading from index.html (scripts/route-preload.mjs). */
export function routePreload(options: { root: string }): Plugin;
export function routeTable(
  routeList: { path: string; load: string[]; preload?: boolean }[],
  filesOf: (key: string) => string[],
  already: Set<string>,
): { files: string[]; table: [string, number[]][] };
export function preloadScript(routes: { files: string[]; table: [string, number[]][] }): string;
