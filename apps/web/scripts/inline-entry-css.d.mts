import type { Plugin } from 'vite';

/** The entry's stylesheet inlined into index.html (scripts/inline-entry-css.mjs). */
export function inlineEntryCss(): Plugin;
