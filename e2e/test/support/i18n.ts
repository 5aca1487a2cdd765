import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The translated texts the specs look for, read from the SAME locale files the server serves
 * (packages/i18n/src/locales/<lang>/*.json, deep-merged into one tree per language exactly as
 * `buildLocale` does), so a spec finds a button by the words a user sees without copying them.
 */
export type Lang = 'az' | 'en' | 'ru' | 'tr';

const localesDir = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../packages/i18n/src/locales');
const cache = new Map<Lang, Record<string, unknown>>();

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepMerge(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] = isObject(existing) && isObject(value) ? deepMerge({ ...existing }, value) : value;
  }
  return target;
}

/** The merged resource tree of one language (every area file of that language). */
export function locale(lang: Lang): Record<string, unknown> {
  const cached = cache.get(lang);
  if (cached) return cached;
  const dir = join(localesDir, lang);
  const tree: Record<string, unknown> = {};
  if (existsSync(dir)) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
      deepMerge(tree, JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>);
    }
  }
  cache.set(lang, tree);
  return tree;
}

/**
 * The text of a dotted key (e.g. `t('az', 'sessionHasExpired')`, `t('en', 'menu.dashboard')`)
 * with i18next-style `{{name}}` placeholders filled from `params`.
 * Throws when the key is missing, so a renamed key fails loudly instead of matching nothing.
 */
export function t(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  let node: unknown = locale(lang);
  for (const part of key.split('.')) {
    node = isObject(node) ? node[part] : undefined;
  }
  if (typeof node !== 'string') {
    throw new Error(`e2e: no ${lang} text for "${key}" in ${localesDir}/${lang}/*.json`);
  }
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

/** Escapes a text for use inside a RegExp (to match a translation as part of a longer text). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A RegExp matching a translation whose `{{placeholders}}` may hold anything (e.g. the
 * countdown's seconds), for assertions on texts that change while the test watches them.
 */
export function tPattern(lang: Lang, key: string): RegExp {
  const text = t(lang, key);
  const parts = text.split(/\{\{\s*\w+\s*\}\}/g).map(escapeRegExp);
  return new RegExp(parts.join('.+?'));
}
