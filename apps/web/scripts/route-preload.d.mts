import type { Plugin } from 'vite';

/** The build's per-route preloading from index.html (scripts/route-preload.mjs). */
export function routePreload(options: { root: string }): Plugin;
export function routeTable(
  routeList: { path: string; load: string[]; preload?: boolean; permissions?: string[] }[],
  filesOf: (key: string) => string[],
  already: Set<string>,
): { files: string[]; table: RouteRow[] };
/** A row of the inline script's table: the path pattern, the files' indexes, the page-permission action keys (if any). */
export type RouteRow = [string, number[]] | [string, number[], string[]];
/** Where the inline script leaves the page-permission calls it starts. */
export const EARLY_PERMISSIONS: string;
export function preloadScript(routes: { files: string[]; table: RouteRow[] }): string;
