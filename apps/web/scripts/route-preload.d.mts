import type { Plugin } from 'vite';
import type { BootRoute } from '../src/app/boot-shell';

/** The build's per-route preloading and boot shell from index.html (scripts/route-preload.mjs). */
export function routePreload(options: { root: string }): Plugin;
export function routeTable(
  routeList: { path: string; load: string[]; preload?: boolean; permissions?: string[]; boot?: string[] }[],
  filesOf: (key: string) => string[],
  already: Set<string>,
): { files: string[]; table: RouteRow[] };
/**
 * A row of the inline script's table: the path pattern, the files' indexes, the page-permission
 * action keys (or 0 for none), 1 when the route has a boot shell.
 */
export type RouteRow = [string, number[]] | [string, number[], string[] | 0] | [string, number[], string[] | 0, 1];
/** Where the inline script leaves the page-permission calls it starts. */
export const EARLY_PERMISSIONS: string;
export function preloadScript(routes: { files: string[]; table: RouteRow[] }): string;
/** The boot shell's table: the routes with `boot` keys, their texts in every language. */
export function bootTable(routeList: { path: string; boot?: string[] }[], localeOf: (lang: string) => object): BootRoute[];
/** The inline script that draws the boot shell for `table` (src/app/boot-shell.ts bundled as an IIFE). */
export function bootScript(root: string, table: BootRoute[]): Promise<string>;
/** A language's translation tree read from its JSON files (what packages/i18n `buildLocale` serves). */
export function localeFiles(dir: string, lang: string): object;
